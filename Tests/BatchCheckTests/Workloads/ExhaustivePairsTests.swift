import Testing

@testable import BatchCheck

@Suite("Exhaustive pairs")
struct ExhaustivePairsTests {
  /// Bell numbers B(0)...B(6).
  static let bell = [1, 1, 2, 5, 15, 52, 203]

  @Test("every canonical pair up to a total of 6, once each, smallest first")
  func canonicalPairs() {
    let pairs = Array(ExhaustivePairs(maxTotal: 6))
    let expected = (0...6).reduce(0) { $0 + ($1 + 1) * Self.bell[$1] }
    #expect(pairs.count == expected)
    // Distinct, and each is canonical: values appear in first-occurrence order a, b, c, ...
    let keys = pairs.map { "\($0.old) | \($0.new)" }
    #expect(Set(keys).count == pairs.count)
    for (old, new) in pairs {
      var seen: [RowValue] = []
      for row in old + new where !seen.contains(row.id) {
        #expect(row.id == .string(ExhaustivePairs.Iterator.name(seen.count)))
        seen.append(row.id)
      }
    }
    // Smallest first: totals never decrease.
    let totals = pairs.map { $0.old.count + $0.new.count }
    #expect(totals == totals.sorted())
    #expect(pairs.first.map { $0.old.isEmpty && $0.new.isEmpty } == true)
  }

  @Test(
    "ContractGenerator.firstFailure stops at the first failing pair and counts the pairs it ran")
  func firstFailure() {
    // Inserts only the first new row: fails as soon as new has two rows.
    let firstOnly = ClosureGenerator(name: "first-only") { old, new in
      BatchUpdate(
        deleteRows: old.indices.map { RowPath(0, $0) },
        insertRows: new.isEmpty ? [] : [RowPath(0, 0)])
    }
    let (cases, finding) = ContractGenerator(firstOnly).firstFailure(
      in: ExhaustivePairs(maxTotal: 4))
    #expect(finding?.old == [])
    #expect(finding?.new == [Row("a"), Row("a")])
    #expect(finding?.verdict?.verdict.rule == .r2)
    #expect(cases == 1 + 2 + 1)  // the pair of total 0, both of total 1, then [] -> [a a]
  }

  @Test(
    "content variants: every choice of plain or changed content for rows whose id is kept, counted")
  func contentVariants() {
    let pairs = Array(ExhaustivePairs(maxTotal: 3, contentTotal: 2))
    // Up to 2 rows: [a] -> [a] comes plain, then with either side changed, then both.
    let aToA = pairs.filter { $0.old.map(\.id) == ["a"] && $0.new.map(\.id) == ["a"] }
    #expect(
      aToA.map { "\($0.old) -> \($0.new)" } == [
        #"["a"] -> ["a"]"#, #"[{"id":"a","content":"a'"}] -> ["a"]"#,
        #"["a"] -> [{"id":"a","content":"a'"}]"#,
        #"[{"id":"a","content":"a'"}] -> [{"id":"a","content":"a'"}]"#,
      ])
    // Pairs of 3 rows are plain only; no pair has a changed content on an id of one side only.
    #expect(
      pairs.filter { $0.old.count + $0.new.count == 3 }.allSatisfy { pair in
        (pair.old + pair.new).allSatisfy { $0.id == $0.content }
      })
    // Sizes smallest first, and `count` agrees with the sequence.
    let totals = pairs.map { $0.old.count + $0.new.count }
    #expect(totals == totals.sorted())
    #expect(ExhaustivePairs(maxTotal: 3, contentTotal: 2).count == pairs.count)
    // The check's default: 47,809 pairs, 46,113 without variants.
    #expect(ExhaustivePairs(maxTotal: 8, contentTotal: 5).count == 47_809)
    #expect(ExhaustivePairs(maxTotal: 8).count == 46_113)
  }

  @Test(
    "the small-alphabet family: after the whole pairs, exactly the larger pairs of few values, in the whole order"
  )
  func smallAlphabetFamily() {
    let family = Array(
      ExhaustivePairs(maxTotal: 4, contentTotal: 2, smallAlphabetTotal: 7, smallAlphabet: 2))
    let whole = Array(ExhaustivePairs(maxTotal: 4, contentTotal: 2))
    // The reference: every plain pair up to 7 rows, kept when it has more
    // than 4 rows and at most 2 distinct values.
    let larger = ExhaustivePairs(maxTotal: 7).filter { pair in
      pair.old.count + pair.new.count > 4 && Set((pair.old + pair.new).map(\.id)).count <= 2
    }
    let key = { (pair: (old: [Row], new: [Row])) in "\(pair.old) | \(pair.new)" }
    #expect(family.map(key) == (whole + larger).map(key))
    #expect(family.count == whole.count + larger.count && !larger.isEmpty)
    #expect(
      ExhaustivePairs(maxTotal: 4, contentTotal: 2, smallAlphabetTotal: 7, smallAlphabet: 2).count
        == family.count)
    // (t + 1) × (1 + S(t, 2)) pairs of t rows: 6 × 16 + 7 × 32 + 8 × 64.
    #expect(larger.count == 6 * 16 + 7 * 32 + 8 * 64)
  }

  @Test("no family at or below the whole bound, with no values, or beyond 10 rows")
  func smallAlphabetBounds() {
    let none = [
      ExhaustivePairs(maxTotal: 5, smallAlphabetTotal: 5),
      ExhaustivePairs(maxTotal: 5, smallAlphabetTotal: 3),
      ExhaustivePairs(maxTotal: 5, smallAlphabetTotal: 7, smallAlphabet: 0),
      ExhaustivePairs(maxTotal: 5, smallAlphabetTotal: -2, smallAlphabet: -1),
    ]
    for pairs in none {
      #expect(pairs.smallAlphabetTotal == 0 && pairs.smallAlphabet == 0)
      #expect(pairs.count == ExhaustivePairs(maxTotal: 5).count)
    }
    #expect(
      ExhaustivePairs(maxTotal: 2, smallAlphabetTotal: 50, smallAlphabet: 1).smallAlphabetTotal
        == 10)
    // One value: one string per length, every split of it.
    #expect(
      ExhaustivePairs(maxTotal: 2, smallAlphabetTotal: 50, smallAlphabet: 1).count
        == ExhaustivePairs(maxTotal: 2).count + (3...10).reduce(0) { $0 + $1 + 1 })
  }
}
