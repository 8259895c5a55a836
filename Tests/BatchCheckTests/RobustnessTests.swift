import Testing

@testable import BatchCheck

/// Nothing an update holds may trap the simulator: any numbers at all get a verdict.
@Suite("Robustness")
struct RobustnessTests {
  static let extremes = [0, 1, 2, 3, -1, -2, Int.max, Int.max - 1, Int.min, Int.min + 1, 1 << 40]

  @Test("50,000 random updates with extreme and duplicate numbers all get a verdict")
  func extremeNumbers() {
    var random = SplitMix64(seed: 0xBAD_5EED)
    var kinds = Set<VerdictKind>()
    for _ in 0..<50_000 {
      func number() -> Int {
        random.next() % 4 == 0
          ? Self.extremes[Int(random.next() % UInt64(Self.extremes.count))]
          : Int(random.next() % 4)
      }
      func path() -> RowPath { RowPath(section: number(), row: number()) }
      func list<T>(_ make: () -> T) -> [T] { (0..<Int(random.next() % 3)).map { _ in make() } }
      let update = BatchUpdate(
        deleteSections: list(number), insertSections: list(number), reloadSections: list(number),
        moveSections: list { SectionMove(from: number(), to: number()) }, deleteRows: list(path),
        insertRows: list(path), reloadRows: list(path), moveRows: list { RowMove(from: path(), to: path()) })
      let old = table(counts: (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 4) })
      let new = table(counts: (0..<Int(random.next() % 4)).map { _ in Int(random.next() % 4) })
      for semantics in ViewSemantics.allCases {
        for duplicates in DuplicatesPolicy.allCases {
          let verdict = judge(old, new, update, semantics: semantics, duplicates: duplicates)
          kinds.insert(verdict.kind)
          #expect(verdict.kind == .valid || verdict.rule != nil)
        }
      }
    }
    // The mixture is not all exceptions: some updates pass every check.
    #expect(kinds.isSuperset(of: [.valid, .exception, .duplicate]))
  }

  @Test("a data source with negative counts gets a verdict")
  func negativeCounts() {
    struct Negative: TableDataSource {
      var numberOfSections: Int { -3 }
      func numberOfRows(inSection section: Int) -> Int { -1 }
      func row(at path: RowPath) -> Row { Row(0) }
    }
    struct NegativeRows: TableDataSource {
      var numberOfSections: Int { 1 }
      func numberOfRows(inSection section: Int) -> Int { -1 }
      func row(at path: RowPath) -> Row { Row(0) }
    }
    #expect(SimulatedTableView(Negative()).performBatchUpdates(BatchUpdate(), dataSource: Negative()) == .valid)
    let verdict = SimulatedTableView(table("a")).performBatchUpdates(
      BatchUpdate(deleteRows: [p(0, 0)]), dataSource: NegativeRows())
    #expect(verdict.rule == .r2)
    #expect(verdict.message == "Invalid update: invalid number of rows in section 0. Attempt to delete more rows than exist in section.")
  }

  @Test("a row path whose row is NSNotFound is a section operation, as in UIKit")
  func notFoundRowIsSection() {
    let verdict = judge(table("a | b"), table("b"), BatchUpdate(deleteRows: [p(0, Int.max)]))
    #expect(verdict == .valid)
  }
}
