import BatchCheck
import Foundation
import ReferenceDiffs
import Testing

@testable import BatchCheckCLI

@Suite("batchcheck: the main job's snapshot code")
struct MainJobSnapshotTests {
  static let table = [
    "snapshot code          cases  verdict                           smallest counterexample",
    "rightBuilder            4423  valid                             -",
    #"pagingBuilder           4423  exception S1                      [] -> [[0,["a","a"]]]"#,
    #"                              wrongRows C1                      [] -> [[0,["a"]],[1,["a"]]]"#,
    #"staleBuilder            4423  staleContent C2                   [[0,["a"]]] -> [[0,[{"id":"a","content":1}]]]"#,
    "rightEditor             4423  valid                             -",
    #"anchorEditor            4423  exception S5                      [] -> [[0,["a","b"]]]"#,
    #"                              wrongRows C1                      [[0,["a"]]] -> [[0,[]],[1,["b","a"]]]"#,
  ]

  static func text(_ path: String) throws -> String {
    let root = URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    return try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  @Test(
    "the snapshot table: each reference generator, each kind at its smallest models, and the transcripts agree"
  )
  func snapshotPart() throws {
    let part = DefaultRun.snapshotPart(uikit: .ios18)
    let lines = part.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(
      lines.first?.hasPrefix("Diffable snapshot code, checked with checkSnapshotBuilder") == true)
    let start = try #require(lines.firstIndex(of: Self.table[0]))
    #expect(Array(lines[start..<(start + Self.table.count)]) == Self.table)
    #expect(lines.dropLast().last == "5 snapshot generators: 2 valid, 3 failing")
    // A block per kind, with its calls and its replay line.
    #expect(lines.filter { $0.hasPrefix("  replay:  {\"name\":") }.count == 5)
    #expect(lines.contains("  logged:  S3 at call 2"))
    #expect(lines.contains(#"  final:   [[0,[]],[1,["a"]]]"#))
    #expect(lines.contains(#"  wanted:  [[0,["a"]],[1,[]]]"#))
    #expect(!part.contains("(not proven minimal)"))
    // The README and the article show the same table, then the same count.
    for path in ["README.md", "Sources/BatchCheck/BatchCheck.docc/CheckingAGenerator.md"] {
      let transcript = try Self.text(path)
      #expect(transcript.contains(Self.table.joined(separator: "\n") + "\n"), "\(path)")
      #expect(transcript.contains(lines[0] + "\n"), "\(path)")
      #expect(
        transcript.contains("5 snapshot generators: 2 valid, 3 failing\n\n10 generators:"),
        "\(path)")
    }
    // The README's one block is the first block, as printed.
    let readme = try Self.text("README.md")
    let block = try #require(
      part.components(separatedBy: "\n\n").first { $0.hasPrefix("pagingBuilder, ") })
    let first = block.components(separatedBy: "\npagingBuilder, wrongRows")[0]
    #expect(readme.contains(first + "\n… (one such block per kind of failure)"))
  }

  @Test("under iOS 12's rules the snapshot code is left out, and the line says why")
  func ios12() {
    #expect(
      DefaultRun.snapshotPart(uikit: .ios12)
        == "Diffable snapshot code: not checked under iOS 12's UIKit (diffable data sources came with iOS 13; BatchCheck models iOS 18's).\n"
    )
  }
}
