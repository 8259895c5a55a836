import BatchCheck
import BatchCheckCorpus
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The JUnit XML of `check`, `merge` and `corpus check` is well-formed
/// whatever the names and messages hold.
@Suite("JUnit XML")
struct JUnitReportTests {
  /// Markup characters, a CDATA end, emoji, and characters XML 1.0 forbids
  /// (NUL, other C0 controls, U+FFFE, U+FFFF) next to the controls it allows.
  static let hostile =
    "a<b>&c\"d'e]]>f\u{FFFE}g\u{FFFF}h\u{0}i\u{1}j\u{1F}k\u{7}l😀m👩‍👩‍👧n\to&amp;p"

  /// `hostile` as a parser gives it back: each forbidden character as U+FFFD.
  static let readBack =
    "a<b>&c\"d'e]]>f\u{FFFD}g\u{FFFD}h\u{FFFD}i\u{FFFD}j\u{FFFD}k\u{FFFD}l😀m👩‍👩‍👧n\to&amp;p"

  @Test("an escaped text reads back as itself, forbidden characters as U+FFFD")
  func escapedTextReadsBack() throws {
    let escaped = JUnitReport.escape(Self.hostile)
    let document = try XMLDocumentReader(
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<a b=\"\(escaped)\">\(escaped)</a>\n")
    #expect(
      document.attributes["a"]?["b"] == Self.readBack.replacingOccurrences(of: "\t", with: " "))
    #expect(document.text["a"] == Self.readBack)
    for forbidden in ["\u{0}", "\u{8}", "\u{B}", "\u{C}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"] {
      #expect(JUnitReport.escape(forbidden) == "\u{FFFD}")
    }
    for allowed in ["\t", "\n", "\r", "\u{7F}", "\u{FFFD}", "\u{10FFFF}", "😀"] {
      #expect(JUnitReport.escape(allowed) == allowed)
    }
  }

  @Test("check's report with a hostile generator name and message is well-formed XML")
  func checkReportIsWellFormed() async throws {
    let run = await runCommand([
      "check", "--generator", "ds", "--first-failure", "--format", "json",
    ])
    var report = try CheckReport(json: run.standardOutput)
    #expect(!report.failures.isEmpty)
    report.generator = Self.hostile
    report.failures[0].message = Self.hostile
    report.failures[0].trace = [Self.hostile]
    let document = try XMLDocumentReader(JUnitReport.xml(for: report))
    #expect(
      document.attributes["testsuite"]?["name"] == "batchcheck."
        + Self.readBack.replacingOccurrences(of: "\t", with: " "))
    #expect(
      document.attributes["failure"]?["message"]?.hasSuffix(
        Self.readBack.replacingOccurrences(of: "\t", with: " ")) == true)
    #expect(document.text["failure"]?.contains(Self.readBack) == true)
  }

  @Test("corpus check's report with a hostile case name is well-formed XML")
  func corpusReportIsWellFormed() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let name = String(data: try JSONEncoder().encode(Self.hostile), encoding: .utf8) ?? ""
    let corpus = try files.write(
      "hostile.jsonl",
      [#"{"name":\#(name),"old":[["a"]],"new":[["a","a"]],"expect":{"verdict":"valid"}}"#])
    let junit = files.directory.path + "/report.xml"
    let run = await runCommand(["corpus", "check", corpus, "--generator", "ds", "--junit", junit])
    #expect(run.status == 1, "\(run.standardOutput)\(run.standardError)")
    let document = try XMLDocumentReader(String(contentsOfFile: junit, encoding: .utf8))
    #expect(
      document.attributes["testcase"]?["name"] == Self.readBack.replacingOccurrences(
        of: "\t", with: " ") + " (line 1)")
    #expect(document.attributes["failure"] != nil)
  }
}

/// A document read with `XMLParser`, which refuses one that is not
/// well-formed: the attributes and the text of the last element of each name.
private final class XMLDocumentReader: NSObject, XMLParserDelegate {
  var attributes: [String: [String: String]] = [:]
  var text: [String: String] = [:]
  private var open: [String] = []

  struct NotWellFormed: Error, CustomStringConvertible {
    var description: String
  }

  init(_ xml: String) throws {
    super.init()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = self
    guard parser.parse() else {
      throw NotWellFormed(
        description: "line \(parser.lineNumber): \(parser.parserError.map { "\($0)" } ?? "?")")
    }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String] = [:]
  ) {
    self.attributes[elementName] = attributes
    text[elementName] = ""
    open.append(elementName)
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    open.removeLast()
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let element = open.last { text[element, default: ""] += string }
  }
}
