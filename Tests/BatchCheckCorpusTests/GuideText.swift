import BatchCheckCorpus
import Foundation
import Testing

/// The articles of the documentation catalog, as tests read them.
enum GuideText {
  /// The repository's root, found from this file's path.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The text of `Sources/BatchCheck/BatchCheck.docc/<name>`.
  static func guide(_ name: String) throws -> String {
    try String(
      contentsOf: root.appendingPathComponent("Sources/BatchCheck/BatchCheck.docc/\(name)"),
      encoding: .utf8)
  }

  /// The part of `guide` between the marker naming `command`
  /// (`<!-- generated: COMMAND; do not edit by hand -->`) and the next end
  /// marker; nil when either is missing.
  static func generatedPart(of guide: String, command: String) -> String? {
    let begin = "<!-- generated: \(command); do not edit by hand -->\n"
    let end = "<!-- end of generated part -->\n"
    guard let start = guide.range(of: begin),
      let stop = guide.range(of: end, range: start.upperBound..<guide.endIndex)
    else { return nil }
    return String(guide[start.upperBound..<stop.lowerBound])
  }

  /// The non-blank lines of every ```json block of a Markdown text.
  static func jsonBlocks(in markdown: String) -> [String] {
    var lines: [String] = []
    var inside = false
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if inside, line == "```" {
        inside = false
      } else if inside {
        if !line.isEmpty { lines.append(String(line)) }
      } else if line == "```json" {
        inside = true
      }
    }
    return lines
  }
}

@Suite("Case lines in the guides")
struct GuideCaseLinesTests {
  @Test("every case line of CaseFormat.md reads and agrees with its expect")
  func caseFormat() throws {
    let lines = GuideText.jsonBlocks(in: try GuideText.guide("CaseFormat.md"))
    #expect(lines.count >= 4)
    for line in lines {
      switch try CaseLineValue(
        jsonLine: line, file: "Sources/BatchCheck/BatchCheck.docc/CaseFormat.md")
      {
      case .batch(let testCase):
        let expectation = try #require(
          testCase.expect, "a case of the guide has no expect: \(line)")
        #expect(expectation.agrees(with: testCase.run()), "\(line)")
      case .snapshot(let testCase):
        #expect(testCase.expect != nil && testCase.agrees, "\(line)")
      case .sectionSnapshot(let testCase):
        #expect(testCase.expect != nil && testCase.agrees, "\(line)")
      case .adapter(let testCase):
        #expect(testCase.expect != nil && testCase.agrees, "\(line)")
      }
    }
  }
}
