import BatchCheck
import ReferenceDiffs
import Testing

@testable import BatchCheckCLI

/// `batchcheck bench`'s edit-size table: one row per built-in generator,
/// over the engine's random cases.
@Suite("bench: the edit-size table")
struct BenchEditSizeTests {
  @Test(
    "one row per built-in generator, staged and steps included: moves, needed, ratio, extra moves, deleted again, unchanged reloads"
  )
  func table() async throws {
    let bench = try BenchCommand(arguments: [
      "--cases", "300", "--max-size", "20", "--uikit", "ios18",
    ])
    let lines = await bench.editSizeBench().split(separator: "\n").map(String.init)
    #expect(
      lines.first
        == "edit size, every built-in generator: 300 random cases up to 20 rows, iOS 18 (valid changes, each case's excess added up)"
    )
    #expect(
      lines.dropFirst().first
        == "  generator               valid updates       moves      needed  ratio   extra moves deleted again unchanged reloads"
    )
    let rows = Array(lines.dropFirst(2))
    #expect(
      rows.map { $0.split(separator: " ").first.map(String.init) }
        == ReferenceGenerators.allContracts.map(\.name))
    func columns(_ name: String) -> [String] {
      rows.first { $0.hasPrefix("  \(name) ") }.map { $0.split(separator: " ").map(String.init) }
        ?? []
    }
    // heckel moves more than needed; lcs-moves never more; lcs never moves.
    let heckel = columns("heckel")
    let ratio = try #require(Double(heckel[4]))
    #expect(heckel[1] == "300" && ratio > 1)
    let lcsMoves = columns("lcs-moves")
    #expect(try #require(Double(lcsMoves[4])) <= 1 && lcsMoves[5] == "0")
    // lcs never moves: every row it could move is deleted and inserted again.
    let lcs = columns("lcs")
    #expect(lcs[2] == "0" && lcs[5] == "0" && lcs[6] != "0", "lcs deletes what it could move")
    // The staged and steps generators are measured as the whole change.
    for name in ["heckel-staged", "edit-script"] {
      let row = columns(name)
      #expect(row.count == 8 && Int(row[1]) ?? 0 > 0, "\(name): \(row)")
    }
    // The columns line up under the header.
    let width = lines[1].count
    #expect(rows.filter { !$0.contains("(") }.allSatisfy { $0.count == width })
  }
}
