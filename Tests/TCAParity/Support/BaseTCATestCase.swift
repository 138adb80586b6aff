import XCTest

/// The base class TCA's tests derive from. TCA's own checks, after each test, that its global
/// table of cancellable effects is empty (a TCA internal); Composable keeps cancellations per
/// store, and a `TestStore` already fails a test that ends with effects in flight.
class BaseTCATestCase: XCTestCase {}
