import Testing

@testable import BatchCheck

/// `ChunkedRows` against a plain array, and the cost of steps by counting.
@Suite("Chunked rows")
struct ChunkedRowsTests {
  @Test("20,000 random inserts, removes and replacements give what an array gives")
  func matchesAnArray() {
    var random = SplitMix64(seed: 0xC4_0C5)
    for size in [0, 1, 511, 512, 513, 3_000] {
      var array = (0..<size).map { Row(.int($0)) }
      var chunked = ChunkedRows(array)
      // Runs of inserts and removes at one end, in the middle and at random,
      // so that chunks split, empty and disappear.
      for index in 0..<20_000 / 6 {
        let row = Row(.int(-1 - index))
        let place: Int
        switch (index / 500) % 3 {
        case 0: place = 0
        case 1: place = array.count / 2
        default: place = random.below(array.count + 1)
        }
        switch (random.below(5), array.isEmpty) {
        case (0, false), (1, false):
          let at = min(place, array.count - 1)
          #expect(chunked.remove(at: at) == array.remove(at: at))
        case (2, false):
          let at = min(place, array.count - 1)
          array[at] = row
          chunked[at] = row
        default:
          array.insert(row, at: place)
          chunked.insert(row, at: place)
        }
        #expect(chunked.count == array.count)
        if array.isEmpty || index % 97 == 0 {
          #expect(chunked.rows == array, "size \(size), operation \(index)")
          if chunked.rows != array { return }
        } else {
          let probe = random.below(array.count)
          #expect(chunked[probe] == array[probe])
        }
      }
      #expect(chunked.rows == array)
    }
  }

  @Test("a step costs the same at 10^4, 10^5 and 10^6 rows, not O(n)")
  func stepCostIndependentOfRows() {
    var perStep: [Double] = []
    for rows in [10_000, 100_000, 1_000_000] {
      let old = [(0..<rows).map { Row(.int($0)) }]
      // 10,000 steps: deletes at the front, inserts in the middle, moves from the back.
      var steps: [Step] = []
      for index in 0..<10_000 {
        switch index % 3 {
        case 0: steps.append(.delete(at: RowPath(0, 0)))
        case 1: steps.append(.insert(at: RowPath(0, rows / 2), row: Row(.int(-index))))
        default: steps.append(.move(from: RowPath(0, rows - 2), to: RowPath(0, 1)))
        }
      }
      // (`matchesAnArray` checks the rows; here every step must be in range.)
      var counter = OperationCounter()
      let verdict = ContractValidator.validateSteps(
        old: old, steps: steps, new: old, options: .default, counter: &counter)
      #expect(verdict.step == nil && verdict.verdict.rule == .c1, "\(rows) rows: \(verdict)")
      // Building and flattening the chunks costs O(n); the steps the rest.
      perStep.append(Double(counter.steps - 2 * rows) / Double(steps.count))
    }
    // An array would shift about n / 2 rows per step: 5,000 to 500,000.
    #expect(perStep.allSatisfy { $0 < 1_200 }, "steps per step: \(perStep)")
    #expect((perStep.max() ?? 0) / (perStep.min() ?? 1) < 1.5, "steps per step: \(perStep)")
  }
}
