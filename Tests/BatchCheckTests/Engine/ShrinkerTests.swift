import Testing

@testable import BatchCheck

/// The shrinker on synthetic predicates: sections, contents, renaming, the
/// budget, determinism, and the dead end only a split escapes. The reference
/// generators' bugs are shrunk in `ReferenceDiffsTests/ShrinkerReferenceTests`.
@Suite("Shrinker")
struct ShrinkerTests {
  /// Plain rows from space-separated values, one section: `one("a b")`.
  static func one(_ text: String) -> [[Row]] { [rows(text)] }

  /// Whether some section of `sections` holds two rows with the same id.
  static func hasRepeat(_ sections: [[Row]]) -> Bool {
    sections.contains { section in Set(section.map(\.id)).count < section.count }
  }

  // MARK: - The order

  @Test("ShrinkOrder: rows, then values, sections, contents, shape, values")
  func order() {
    func order(_ old: String, _ new: String) -> ShrinkOrder {
      ShrinkOrder(old: table(old), new: table(new))
    }
    // Fewer rows first, whatever the values.
    #expect(order("a b c", "d") < order("a a", "a a a"))
    // Then fewer distinct values.
    #expect(order("", "a a") < order("", "a b"))
    // Then fewer sections.
    #expect(order("a", "a") < order("a | -", "a"))
    // Then fewer rows with a separate content.
    let plain = ShrinkOrder(old: [[Row("a")]], new: [[Row("b")]])
    let changed = ShrinkOrder(old: [[Row(id: "a", content: "b")]], new: [[Row("b")]])
    #expect(plain < changed)
    // Then the shape: the shorter old first, as ExhaustivePairs orders splits.
    #expect(order("-", "a a") < order("a a", "-"))
    // Then the values: canonical names in order, before any other value.
    #expect(order("a", "b a b") < order("b", "a b a"))
    #expect(order("a", "b") < ShrinkOrder(old: [[Row(.int(0))]], new: [[Row("b")]]))
    #expect(order("v26", "a") < order("zz", "a"))
    // Renaming to first-occurrence order is the smallest naming.
    #expect(order("a", "b a b") < order("a", "c a c"))
    #expect(!(order("a b", "b a") < order("a b", "b a")))
  }

  @Test("canonical names are ExhaustivePairs' names")
  func canonicalNames() {
    #expect(ValueRank.canonicalIndex(of: "a") == 0)
    #expect(ValueRank.canonicalIndex(of: "z") == 25)
    #expect(ValueRank.canonicalIndex(of: "v26") == 26)
    #expect(ValueRank.canonicalIndex(of: "v3") == nil)
    #expect(ValueRank.canonicalIndex(of: "A") == nil)
    #expect(ValueRank.canonicalIndex(of: .int(0)) == nil)
    let odd = ShrinkCase(
      old: [[Row("x"), Row(.int(7))]], new: [[Row(id: "y", content: .int(7)), Row("x")]])
    #expect(
      odd.canonical
        == ShrinkCase(
          old: [[Row("a"), Row("b")]], new: [[Row(id: "c", content: "b"), Row("a")]]))
  }

  // MARK: - Shrinking

  @Test("several sections: the obvious minimum, a repeat in one section of new")
  func severalSections() {
    let old = table("p q | r | s t u")
    let new = table("x y | z w z | - | v x y z")
    #expect(Self.hasRepeat(new))
    let result = Shrinker.shrink(old: old, new: new) { _, new in Self.hasRepeat(new) }
    // A side keeps one section; every row of old goes; new keeps two equal rows.
    #expect(result.old == [[]])
    #expect(result.new == Self.one("a a"))
    #expect(result.calls <= 60)
  }

  @Test("sections merge when only one section can hold the rows")
  func mergedSections() {
    // Fails when new has one section of two rows or more, or two sections or
    // more with a row each. From [[x] [y]] no section or row can go; merging
    // gives one section, fewer than two.
    let fails: ([[Row]], [[Row]]) -> Bool = { _, new in
      (new.count == 1 && new[0].count >= 2) || (new.count >= 2 && !new.contains { $0.isEmpty })
    }
    let result = Shrinker.shrink(old: table("p | q"), new: table("x | y"), fails: fails)
    #expect(result.old == [[]])
    #expect(result.new == Self.one("a a"))
    let unmerged = Shrinker.shrink(
      old: table("p | q"), new: table("x | y"), budget: 500,
      passes: ShrinkPasses.all.subtracting(.sections), fails: fails)
    #expect(unmerged.new == table("a | a"))
  }

  @Test("sections the predicate needs stay, empty")
  func neededSections() {
    // Fails when new has three sections and its last one holds a row.
    let fails: ([[Row]], [[Row]]) -> Bool = { _, new in
      new.count == 3 && new.last?.isEmpty == false
    }
    let result = Shrinker.shrink(old: table("a | b"), new: table("c d | e | f g h"), fails: fails)
    #expect(result.old == [[]])
    #expect(result.new == [[], [], [Row("a")]])
  }

  @Test("contents: made plain when the failure allows, kept when it needs them")
  func contents() {
    // Fails when new holds a row whose content differs from its id.
    let changed: ([[Row]], [[Row]]) -> Bool = { _, new in
      new.joined().contains { $0.id != $0.content }
    }
    let old: [[Row]] = [[Row(id: "k1", content: .int(4)), Row(id: "k2", content: .int(9))]]
    let new: [[Row]] = [
      [Row(id: "k2", content: .int(9)), Row(id: "k1", content: .int(5)), Row("k3")]
    ]
    let result = Shrinker.shrink(old: old, new: new, fails: changed)
    #expect(result.old == [[]])
    #expect(result.new == [[Row(id: "a", content: "b")]])
    // A failure that does not need the contents loses them.
    let repeated = Shrinker.shrink(
      old: old, new: [[Row(id: "k1", content: .int(1)), Row(id: "k1", content: .int(2))]]
    ) { _, new in Self.hasRepeat(new) }
    #expect(repeated.new == Self.one("a a"))
  }

  @Test("a value the predicate needs is not renamed; an integer is lowered")
  func renamingKeepsTheFailure() {
    // Fails when old holds the integer 7: no renaming may touch it.
    let seven = Shrinker.shrink(old: [rows("x y") + [Row(.int(7))]], new: Self.one("x")) {
      old, _ in old.joined().contains(Row(.int(7)))
    }
    #expect(seven.old == [[Row(.int(7))]])
    #expect(seven.new == [[]])
    // Fails when some content is an integer of 3 or more: the row becomes the
    // plain integer row (one value, not two), lowered to 3.
    let atLeastThree = Shrinker.shrink(
      old: Self.one("p"), new: [[Row(id: "q", content: .int(1000))]]
    ) { _, new in
      new.joined().contains { if case .int(let n) = $0.content { n >= 3 } else { false } }
    }
    #expect(atLeastThree.old == [[]])
    #expect(atLeastThree.new == [[Row(.int(3))]])
  }

  @Test("dead end: only splitting a repeated value lets a row go")
  func splitEscapesADeadEnd() {
    // Fails when old's ids are not all equal, or are at least three equal ones.
    // From [a a a] every single drop gives [a a], which passes; merges and
    // renames change nothing. Renaming one a to b ([b a a]) still fails, and
    // then a row can go: [b a], which renaming makes [a b].
    let fails: ([[Row]], [[Row]]) -> Bool = { old, _ in
      let ids = old.joined().map(\.id)
      return Set(ids).count >= 2 || (ids.count >= 3 && Set(ids).count == 1)
    }
    let old = Self.one("a a a a a a")
    let stuck = Shrinker.shrink(
      old: old, new: [[]], budget: 500, passes: ShrinkPasses.all.subtracting(.split), fails: fails)
    #expect(stuck.old == Self.one("a a a"))
    let result = Shrinker.shrink(old: old, new: [[]], fails: fails)
    #expect(result.old == Self.one("a b"))
    #expect(result.new == [[]])
    #expect(fails(result.old, result.new))
    #expect(
      ShrinkOrder(old: result.old, new: result.new) < ShrinkOrder(old: stuck.old, new: stuck.new))
  }

  @Test("reorder: sides swapped and rows swapped toward the smallest shape and values")
  func reorder() {
    // Fails when one side is empty and the other holds two equal rows.
    let oneSided: ([[Row]], [[Row]]) -> Bool = { old, new in
      let (o, n) = (old.joined().count, new.joined().count)
      return (o == 0 && Self.hasRepeat(new)) || (n == 0 && Self.hasRepeat(old))
    }
    let swapped = Shrinker.shrink(old: Self.one("x y x"), new: [[]], fails: oneSided)
    #expect(swapped.old == [[]])
    #expect(swapped.new == Self.one("a a"))
    // Fails when old and new hold the same rows in another order.
    let permuted: ([[Row]], [[Row]]) -> Bool = { old, new in
      let (o, n) = (old.joined().map(\.id), new.joined().map(\.id))
      return o != n && o.sorted() == n.sorted()
    }
    let result = Shrinker.shrink(
      old: Self.one("p q r s"), new: Self.one("s q p r"), fails: permuted)
    #expect(result.old == Self.one("a b"))
    #expect(result.new == Self.one("b a"))
  }

  // MARK: - Budget, determinism, calls

  @Test("the budget is never exceeded, and the result still fails")
  func budget() {
    let old = Self.one("p q r s t u v w")
    let new = table("x y z | w z w | v v u")
    let fails: ([[Row]], [[Row]]) -> Bool = { _, new in Self.hasRepeat(new) }
    for budget in [0, 1, 5, 10] {
      var calls = 0
      let result = Shrinker.shrink(old: old, new: new, budget: budget) {
        calls += 1
        return fails($0, $1)
      }
      #expect(calls <= budget)
      #expect(result.calls == calls)
      #expect(fails(result.old, result.new))
      #expect(result.budgetExhausted)
    }
    let none = Shrinker.shrink(old: old, new: new, budget: 0, fails: fails)
    #expect(none.old == old && none.new == new && none.calls == 0 && none.improvements == 0)
    let free = Shrinker.shrink(old: old, new: new, fails: fails)
    #expect(!free.budgetExhausted)
  }

  @Test("deterministic: the same input gives the same result and calls")
  func deterministic() {
    var random = SplitMix64(seed: 99)
    for _ in 0..<20 {
      let old = (0..<30).map { _ in Row(.int(Int.random(in: 0..<5, using: &random))) }
      let new = (0..<30).map { _ in Row(.int(Int.random(in: 0..<5, using: &random))) }
      // Fails when new holds more rows of some value than old does.
      let fails: ([[Row]], [[Row]]) -> Bool = { old, new in
        let olds = old.joined().map(\.id)
        return new.joined().contains { row in
          new.joined().filter { $0.id == row.id }.count > olds.filter { $0 == row.id }.count
        }
      }
      guard fails([old], [new]) else { continue }
      let first = Shrinker.shrink(old: [old], new: [new], fails: fails)
      let second = Shrinker.shrink(old: [old], new: [new], fails: fails)
      #expect(first == second)
      #expect(first.old == [[]] && first.new == Self.one("a"))
    }
  }

  @Test("no candidate is asked twice, and each is smaller than the input here")
  func callsAreNotRepeated() {
    var asked: [ShrinkCase] = []
    let old = table("a b c | d")
    let new = table("c a e e | d f")
    let result = Shrinker.shrink(old: old, new: new) { old, new in
      asked.append(ShrinkCase(old: old, new: new))
      return Self.hasRepeat(new) && old.joined().count >= 1
    }
    #expect(Set(asked).count == asked.count)
    #expect(asked.count == result.calls)
    let start = ShrinkOrder(old: old, new: new)
    #expect(asked.allSatisfy { $0.order < start })
    #expect(result.old == [[Row("a")]] && result.new == Self.one("a a"))
  }
}
