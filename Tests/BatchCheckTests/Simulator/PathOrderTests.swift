import Testing

@testable import BatchCheck

/// `PathOrder` against a plain stable sort, on random lists of every shape
/// it treats apart: in order, strictly descending, packable (the radix
/// sort), and not (negative or huge indexes: the comparison sort).
@Suite("Path order")
struct PathOrderTests {
  /// The stable order by (path, position) and each position's twins, plainly.
  static func expected(_ paths: [RowPath]) -> (positions: [Int], hasTwin: [Bool]) {
    let positions = paths.indices.sorted {
      (paths[$0].section, paths[$0].row, $0) < (paths[$1].section, paths[$1].row, $1)
    }
    var seen: [RowPath: Int] = [:]
    for path in paths { seen[path, default: 0] += 1 }
    let hasTwin = paths.map { (seen[$0] ?? 0) > 1 }
    return (positions, hasTwin)
  }

  @Test(
    "random lists: the stable order and the twins a plain sort gives (2,000 lists at the full scale)"
  )
  func randomLists() {
    var random = SplitMix64(seed: 0x0DE2)
    func below(_ n: Int) -> Int { Int(random.next() % UInt64(max(n, 1))) }
    for trial in 0..<TestScale.trials(2_000) {
      let count = [0, 1, 2, 5, 255, 256, 300, 1_500][below(8)]
      let sections = 1 + below(4)
      let rows = [3, 50, 5_000][below(3)]
      var paths = (0..<count).map { _ in
        RowPath(
          section: below(sections), row: below(20) == 0 ? UIKitMessages.notFound : below(rows))
      }
      switch below(6) {
      case 0: paths.sort()
      case 1: paths = Array(Set(paths)).sorted(by: >)
      case 2 where count > 0:
        // Beyond packing: a huge section and row, or a negative one.
        paths[below(count)] =
          [RowPath(1 << 40, 1 << 30), RowPath(-1, 3), RowPath(2, Int.max - 1)][below(3)]
      default: break
      }
      var counter = OperationCounter()
      let order = PathOrder(count: paths.count, counter: &counter) { paths[$0] }
      let (positions, hasTwin) = Self.expected(paths)
      #expect(order.positions == positions, "trial \(trial): \(paths)")
      #expect(order.hasTwin == hasTwin, "trial \(trial): \(paths)")
      #expect((order.sorted == nil) == (positions == Array(paths.indices)), "trial \(trial)")
      for place in positions.indices { #expect(order[place] == positions[place]) }
    }
  }

  @Test("paths in order cost one pass; shuffled ones two radix passes, not a comparison sort")
  func linearSteps() {
    let count = 1 << 18
    let ascending = (0..<count).map { RowPath(0, $0) }
    var counter = OperationCounter()
    _ = PathOrder(count: count, counter: &counter) { ascending[$0] }
    #expect(counter.steps == count)
    var random = SplitMix64(seed: 7)
    let shuffled = ascending.shuffled(using: &random)
    counter = OperationCounter()
    let order = PathOrder(count: count, counter: &counter) { shuffled[$0] }
    #expect(order.positions.prefix(3).map { shuffled[$0].row } == [0, 1, 2])
    // The scan, two passes of 11-bit digits (rows below 2^18), the read-out:
    // about 4 steps a path, where a comparison sort takes about 18.
    #expect(counter.steps <= 5 * count, "\(counter.steps) steps")
  }
}
