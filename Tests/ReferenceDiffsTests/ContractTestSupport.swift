import BatchCheck
import Testing

@testable import ReferenceDiffs

/// Seeded pairs of 0...`maxRows` rows over `ids` ids and 2 contents: new is
/// old edited (deletes, inserts, moves, content changes).
func editedPairs(
  count: Int, seed: UInt64, maxRows: Int = 30, ids: Int = 6
) -> [(old: [Row], new: [Row])] {
  var random = SplitMix64(seed: seed)
  var pairs: [(old: [Row], new: [Row])] = []
  for _ in 0..<count {
    let old = (0..<random.next(below: maxRows + 1)).map { _ in
      row(String(random.next(below: ids)), random.next(below: 2))
    }
    var new = old
    for _ in 0..<random.next(below: 8) {
      switch random.next(below: 4) {
      case 0 where !new.isEmpty: new.remove(at: random.next(below: new.count))
      case 1:
        new.insert(row(String(random.next(below: ids)), 0), at: random.next(below: new.count + 1))
      case 2 where !new.isEmpty:
        let moved = new.remove(at: random.next(below: new.count))
        new.insert(moved, at: random.next(below: new.count + 1))
      case 3 where !new.isEmpty:
        let index = random.next(below: new.count)
        new[index].content = new[index].content == .int(0) ? .int(1) : .int(0)
      default: break
      }
    }
    pairs.append((old, new))
  }
  return pairs
}

/// Expects `generator` valid under its own contract on every pair of
/// `pairs`, and that `cases` pairs ran.
func expectNoFailure<Pairs: Sequence>(
  _ generator: ContractGenerator, in pairs: Pairs, cases expected: Int,
  sourceLocation: SourceLocation = #_sourceLocation
) where Pairs.Element == (old: [Row], new: [Row]) {
  let (cases, finding) = generator.firstFailure(in: pairs)
  #expect(cases == expected, sourceLocation: sourceLocation)
  #expect(
    finding == nil,
    "\(finding.map { "\(describe($0.old, $0.new)): \(String(describing: $0.verdict))" } ?? "")",
    sourceLocation: sourceLocation)
}
