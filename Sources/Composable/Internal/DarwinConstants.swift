#if !canImport(Darwin)
  import Dispatch

  /// Darwin's Dispatch has these and Linux's lacks them; TCA code sleeps by them
  /// (`Task.sleep(nanoseconds: NSEC_PER_SEC)`), so Composable supplies them.
  public let NSEC_PER_SEC: UInt64 = 1_000_000_000
  public let NSEC_PER_MSEC: UInt64 = 1_000_000
  public let USEC_PER_SEC: UInt64 = 1_000_000
#endif
