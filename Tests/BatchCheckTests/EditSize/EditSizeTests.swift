import Testing

@testable import BatchCheck

/// The plain reference: the O(n·m) table of longest common subsequence lengths.
func referenceLCS(_ old: [RowValue], _ new: [RowValue]) -> Int {
  var previous = [Int](repeating: 0, count: new.count + 1)
  for a in old {
    var current = [Int](repeating: 0, count: new.count + 1)
    for (j, b) in new.enumerated() {
      current[j + 1] = a == b ? previous[j] + 1 : max(previous[j + 1], current[j])
    }
    previous = current
  }
  return previous[new.count]
}

@Suite("Edit size: the longest common subsequence and the minimum")
struct EditSizeTests {
  static func ids(_ text: String) -> [RowValue] { text.map { .string(String($0)) } }
  static func rows(_ text: String) -> [Row] { text.map { Row(.string(String($0))) } }

  @Test(
    "the fast subsequence equals the plain table on random pairs, with and without repeated ids")
  func fastEqualsReference() {
    var random = SplitMix64(seed: 0x1C5)
    for trial in 0..<3_000 {
      let distinct = trial % 2 == 0
      let alphabet = distinct ? 40 : Int(random.next() % 6) + 1
      func sequence(_ count: Int) -> [RowValue] {
        if distinct {
          var values = Array(0..<alphabet).shuffled(using: &random).prefix(count)
          values.shuffle(using: &random)
          return values.map { .int($0) }
        }
        return (0..<count).map { _ in .int(Int(random.next() % UInt64(alphabet))) }
      }
      let old = sequence(Int(random.next() % 25))
      let new = sequence(Int(random.next() % 25))
      let fast = CommonSubsequence(old, new, budget: 1_000_000, pairs: true)
      let expected = referenceLCS(old, new)
      #expect(fast.exact && fast.length == expected, "trial \(trial): \(old) -> \(new)")
      // The length alone, from the bit-parallel table.
      let lengthOnly = CommonSubsequence(old, new, budget: 1_000_000)
      #expect(lengthOnly.exact && lengthOnly.length == expected, "trial \(trial): \(old) -> \(new)")
      #expect(
        old.isEmpty || new.isEmpty
          || lengthOnly.steps == old.count * ((new.count + 63) / 64) + new.count)
      // The pairs are a common subsequence of that length.
      #expect(fast.pairs.count == expected)
      #expect(fast.pairs.allSatisfy { old[$0.old] == new[$0.new] })
      #expect(
        zip(fast.pairs, fast.pairs.dropFirst()).allSatisfy { $0.old < $1.old && $0.new < $1.new })
      // Past the budget: a common subsequence, no longer than the longest, marked as not exact.
      let bounded = CommonSubsequence(old, new, budget: 0, pairs: true)
      #expect(bounded.length <= expected)
      #expect(bounded.pairs.allSatisfy { old[$0.old] == new[$0.new] })
      if Set(old).count < old.count && Set(new).count < new.count && !old.isEmpty && !new.isEmpty {
        #expect(!bounded.exact || bounded.length == expected)
      }
      if fast.length != expected { return }
    }
  }

  @Test(
    "the length in reused memory, common prefix and suffix matched first, equals the plain table")
  func reusedLengthEqualsReference() {
    var random = SplitMix64(seed: 0x7_A11)
    var scratch = CommonSubsequence.Scratch(distinct: 6)
    for trial in 0..<3_000 {
      let old = (0..<Int(random.next() % 90)).map { _ in Int(random.next() % 6) }
      // A few edits of old: a shared prefix and suffix, or none.
      var new = old
      for _ in 0..<Int(random.next() % 4) {
        let at = Int(random.next() % UInt64(new.count + 1))
        if random.next() % 2 == 0 || at == new.count {
          new.insert(Int(random.next() % 6), at: at)
        } else {
          new.remove(at: at)
        }
      }
      if trial % 5 == 0 { new.shuffle(using: &random) }
      let expected = referenceLCS(old.map { .int($0) }, new.map { .int($0) })
      // Slices that start past 0, as the sections of a flat case do.
      let (oldSlice, newSlice) = (([5, 5] + old)[2...], ([4] + new)[1...])
      let fast = CommonSubsequence.length(
        dense: oldSlice, newSlice, distinct: 6, budget: 1_000_000, scratch: &scratch)
      #expect(fast.exact && fast.length == expected, "trial \(trial): \(old) -> \(new)")
      // Past the budget the chain answers, as the initializer's does.
      let bounded = CommonSubsequence.length(
        dense: oldSlice, newSlice, distinct: 6, budget: 0, scratch: &scratch)
      let chain = CommonSubsequence(dense: old, new, distinct: 6, budget: 0)
      #expect(bounded.length == chain.length && bounded.exact == chain.exact, "trial \(trial)")
    }
  }

  @Test("the bit-parallel length against the plain table, several words a column")
  func bitParallelAcrossWords() {
    var random = SplitMix64(seed: 0xB17)
    for trial in 0..<300 {
      let alphabet = Int(random.next() % 8) + 1
      let old = (0..<Int(random.next() % 200)).map { _ in
        RowValue.int(Int(random.next() % UInt64(alphabet)))
      }
      let new = (0..<Int(random.next() % 200)).map { _ in
        RowValue.int(Int(random.next() % UInt64(alphabet)))
      }
      let fast = CommonSubsequence(old, new, budget: 1_000_000)
      #expect(
        fast.exact && fast.length == referenceLCS(old, new),
        "trial \(trial): \(old.count) x \(new.count)")
    }
    // Past the bit table's cells (or the budget), the chain answers as before.
    let long = (0..<3_000).map { RowValue.int($0 % 7) }
    #expect(
      CommonSubsequence(long, long.reversed(), budget: 1 << 40).steps > 3_000 * 3_000 / 64 + 3_000)
  }

  @Test("pairs past the bit table come from the chain; both forms agree on the length")
  func pairsOnBothSidesOfTheTable() {
    var random = SplitMix64(seed: 0x7AB1E)
    // 3,000 x 3,000 cells is past `bitTable`: the chain answers, with pairs.
    let old = (0..<3_000).map { _ in RowValue.int(Int(random.next() % 7)) }
    let new = (0..<3_000).map { _ in RowValue.int(Int(random.next() % 7)) }
    #expect(old.count * new.count > CommonSubsequence.bitTable)
    let chain = CommonSubsequence(old, new, budget: 1 << 40, pairs: true)
    let table = CommonSubsequence(old, new, budget: 1 << 40)
    #expect(chain.exact && chain.pairs.count == chain.length)
    #expect(chain.steps > 3_000 * 3_000 / 64 + 3_000, "the chain, not the table, gave the pairs")
    // Past the table the length alone is the chain's too: the same exact length.
    #expect(table.length == chain.length)
    #expect(chain.pairs.allSatisfy { old[$0.old] == new[$0.new] })
    #expect(
      zip(chain.pairs, chain.pairs.dropFirst()).allSatisfy { $0.old < $1.old && $0.new < $1.new })
    // Within the table, pairs are traced back through it: table steps, not one per matching pair.
    let small = CommonSubsequence(
      Array(old.prefix(300)), Array(new.prefix(300)), budget: 1 << 40, pairs: true)
    #expect(small.length == referenceLCS(Array(old.prefix(300)), Array(new.prefix(300))))
    #expect(small.steps < 300 * 300 / 7, "\(small.steps) steps: fewer than the matching pairs")
  }

  @Test("distinct ids take O((n + m) log n) steps: counted, growth per 10x")
  func complexity() {
    var steps: [Int] = []
    for n in [1_000, 10_000, 100_000] {
      var random = SplitMix64(seed: UInt64(n))
      let old = (0..<n).map { RowValue.int($0) }
      let new = old.shuffled(using: &random)
      let common = CommonSubsequence(old, new, budget: 0)
      #expect(common.exact)
      let bound = Double(n) * (Double(Int.bitWidth - n.leadingZeroBitCount) + 2)  // n (log2 n + 2)
      #expect(Double(common.steps) <= bound, "n = \(n): \(common.steps) steps")
      steps.append(common.steps)
    }
    // n log n grows by at most about 13x per 10x here; quadratic would be 100x.
    #expect(steps[1] < 14 * steps[0] && steps[2] < 14 * steps[1], "\(steps)")
  }

  @Test("known numbers: moves, deletes, inserts, reloads, unchanged reloads")
  func knownNumbers() {
    // [a b c] -> [c a b]: one move suffices (c); moving all three is waste.
    let old = [Self.rows("abc")]
    let new = [Self.rows("cab")]
    let minimal = EditSize(
      old: old, new: new,
      update: BatchUpdate(moveRows: [RowMove(from: RowPath(0, 2), to: RowPath(0, 0))]))
    #expect(
      minimal.moves == 1 && minimal.minimumMoves == 1 && minimal.deletes == 0
        && minimal.minimumDeletes == 0)
    let everyRow = EditSize(
      old: old, new: new,
      update: BatchUpdate(moveRows: [
        RowMove(from: RowPath(0, 0), to: RowPath(0, 1)),
        RowMove(from: RowPath(0, 1), to: RowPath(0, 2)),
        RowMove(from: RowPath(0, 2), to: RowPath(0, 0)),
      ]))
    #expect(everyRow.moves == 3 && everyRow.minimumMoves == 1 && everyRow.moveRatio == 3)
    // Moves written as deletes and inserts.
    let replaced = EditSize(
      old: old, new: new,
      update: BatchUpdate(
        deleteRows: (0..<3).map { RowPath(0, $0) }, insertRows: (0..<3).map { RowPath(0, $0) }))
    #expect(replaced.deletes == 3 && replaced.inserts == 3 && replaced.minimumDeletes == 0)
    #expect(replaced.rowsDeletedAndInsertedAgain == 3 && replaced.moves == 0)
    // Unchanged rows reloaded: a and b reloaded, b's content changes.
    let changed = [[Row("a"), Row(id: "b", content: "x"), Row("c")]]
    let reloads = EditSize(
      old: old, new: changed, update: BatchUpdate(reloadRows: [RowPath(0, 0), RowPath(0, 1)]))
    #expect(reloads.reloads == 2 && reloads.unchangedReloads == 1 && reloads.minimumMoves == 0)
    // Repeated ids, multiset: [a a b] -> [b a]: one a deleted; b or a moves once.
    let repeated = EditSize(old: [Self.rows("aab")], new: [Self.rows("ba")], update: BatchUpdate())
    #expect(
      repeated.minimumDeletes == 1 && repeated.minimumInserts == 0 && repeated.minimumMoves == 1)
    #expect(!repeated.minimumMovesIsBound)
  }

  @Test("sections: rows that change section are moves; per-section figures add up")
  func sections() {
    // [[a] [b]] -> [[a b] []]: b changes section.
    let size = EditSize(
      old: [Self.rows("a"), Self.rows("b")], new: [Self.rows("ab"), []],
      update: BatchUpdate(moveRows: [RowMove(from: RowPath(1, 0), to: RowPath(0, 1))]))
    #expect(
      size.minimumMoves == 1 && size.minimumDeletes == 0 && size.minimumInserts == 0
        && size.moves == 1)
    #expect(size.sections.map(\.minimumMoves) == [1, 0] && size.sections.map(\.moves) == [1, 0])
    // A deleted section's rows are deletes; an inserted section's rows inserts.
    let whole = EditSize(
      old: [Self.rows("ab"), Self.rows("c")], new: [Self.rows("c"), Self.rows("xy")],
      update: BatchUpdate(deleteSections: [0], insertSections: [1]))
    #expect(
      whole.deletes == 2 && whole.inserts == 2 && whole.sectionDeletes == 1
        && whole.sectionInserts == 1)
    #expect(whole.minimumDeletes == 2 && whole.minimumInserts == 2 && whole.minimumMoves == 1)
    for size in [size, whole] {
      #expect(size.sections.map(\.minimumMoves).reduce(0, +) == size.minimumMoves)
      #expect(size.sections.map(\.minimumDeletes).reduce(0, +) == size.minimumDeletes)
      #expect(size.sections.map(\.minimumInserts).reduce(0, +) == size.minimumInserts)
    }
  }

  @Test("past the pair budget with repeated ids, the minimum is a bound, never below the exact one")
  func boundPastBudget() {
    var random = SplitMix64(seed: 0xB0_0D)
    for _ in 0..<500 {
      let old = (0..<12).map { _ in Row(.int(Int(random.next() % 3))) }
      let new = (0..<12).map { _ in Row(.int(Int(random.next() % 3))) }
      let exact = EditSize(old: [old], new: [new], update: BatchUpdate())
      let bounded = EditSize(old: [old], new: [new], update: BatchUpdate(), pairBudget: 0)
      #expect(!exact.minimumMovesIsBound && bounded.minimumMovesIsBound)
      #expect(bounded.minimumMoves >= exact.minimumMoves)
      #expect(bounded.minimumDeletes == exact.minimumDeletes)
    }
  }

  @Test("updates out of range are not counted and never trap")
  func outOfRange() {
    let size = EditSize(
      old: [Self.rows("a")], new: [Self.rows("b")],
      update: BatchUpdate(
        deleteSections: [-1, 7], insertSections: [Int.max],
        deleteRows: [RowPath(0, 5), RowPath(-3, 0)],
        insertRows: [RowPath(9, 9)], reloadRows: [RowPath(0, Int.min)],
        moveRows: [RowMove(from: RowPath(0, 0), to: RowPath(4, 0))]))
    #expect(size.deletes == 0 && size.inserts == 0 && size.moves == 0 && size.reloads == 0)
    #expect(size.minimumDeletes == 1 && size.minimumInserts == 1)
  }

  @Test("totals add every count and keep the bound mark")
  func totals() {
    var a = EditSize()
    a.moves = 2
    a.minimumMoves = 1
    var b = EditSize()
    b.moves = 3
    b.minimumMovesIsBound = true
    let total = a + b
    #expect(
      total.moves == 5 && total.minimumMoves == 1 && total.minimumMovesIsBound
        && total.sections.isEmpty)
  }
}
