extension UInt8 {
  /// The value of this ASCII byte as a hexadecimal digit (either case), or nil: what ids in
  /// JSON and percent-escapes in `data:` URIs are spelled with.
  package var hexDigitValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
