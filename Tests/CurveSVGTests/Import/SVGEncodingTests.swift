import CurveDocument
import FoundationEssentials
import Testing

@testable import CurveSVG

/// Files in an encoding other than UTF-8, read as libxml2 and librsvg read them (resvg's
/// `structure/svg/not-UTF-8-encoding.svg`), and what cannot be read, refused.
struct SVGEncodingTests {
  static let body = #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title>"#

  @Test func aDeclaredEncodingIsReadAndSaidSo() throws {
    // "При" in Windows-1251: three bytes, none of them UTF-8.
    let bytes = Array(#"<?xml version="1.0" encoding="Windows-1251"?>"#.utf8) + Array(Self.body.utf8) + [0xCF, 0xF0, 0xE8]
      + Array(#"</title><rect width="5" height="5"/></svg>"#.utf8)
    let (document, repairs) = try SVGImport.import(from: Data(bytes))
    #expect(document.kept.map(\.xml) == ["<title>При</title>"])
    #expect(document.curves.count == 1)
    #expect(repairs.first == "the file is in Windows-1251, read as such; Curves saves it as UTF-8")
  }

  @Test func utf16WithItsByteOrderMarkIsRead() throws {
    let text = #"<?xml version="1.0" encoding="UTF-16"?>"# + Self.body + "café</title></svg>"
    let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    let (document, repairs) = try SVGImport.import(from: Data(bytes))
    #expect(document.kept.map(\.xml) == ["<title>café</title>"])
    #expect(repairs.first == "the file is in UTF-16LE, read as such; Curves saves it as UTF-8")
  }

  /// Saved back in place, the file is the UTF-8 text read, its declaration saying so.
  @Test func theTextSavedBackIsUTF8() throws {
    let bytes = Array(#"<?xml version="1.0" encoding='ISO-8859-1'?>"#.utf8) + Array(Self.body.utf8) + [0x63, 0x61, 0x66, 0xE9]
      + Array("</title></svg>".utf8)
    let source = try SVGImport.importForEditing(from: Data(bytes)).source
    #expect(String(decoding: source.text, as: UTF8.self) == #"<?xml version="1.0" encoding='UTF-8'?>"# + Self.body + "café</title></svg>")
  }

  @Test func anEncodingThisSystemCannotReadIsRefused() {
    let bytes = Array(#"<?xml version="1.0" encoding="KOI9-XX"?>"#.utf8) + Array(Self.body.utf8) + Array("</title></svg>".utf8)
    #expect(throws: SVGImportError.unknownEncoding("KOI9-XX")) { try SVGImport.import(from: Data(bytes)) }
    #expect(SVGImportError.unknownEncoding("KOI9-XX").description.contains("Save the drawing as UTF-8 SVG"))
    // UTF-8 and ASCII declared, or none, are read as they are.
    #expect(SVGEncoding.declaredEncoding(of: Data(#"<?xml version="1.0" encoding="utf-8"?><svg/>"#.utf8)) == nil)
    #expect(SVGEncoding.declaredEncoding(of: Data(#"<?xml version="1.0" encoding="US-ASCII"?><svg/>"#.utf8)) == nil)
    #expect(SVGEncoding.declaredEncoding(of: Data("<svg/>".utf8)) == nil)
  }
}
