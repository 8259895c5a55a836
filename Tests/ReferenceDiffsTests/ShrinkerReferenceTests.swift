import BatchCheck
import Testing

@testable import ReferenceDiffs

/// The shrinker on the reference generators' bugs: big random failing cases
/// (20 to 60 rows a side, seeded) shrink, within a few hundred calls, to the
/// smallest case that fails the same way (same verdict kind and rule, default
/// options), and an exhaustive search over small pairs confirms that it is
/// the smallest. The synthetic tests are in `BatchCheckTests/ShrinkerTests`.
@Suite struct ShrinkerReferenceTests {
  /// One bug to shrink: a generator, the verdict it gives, how to make big
  /// random cases that may show it, and its smallest case.
  struct Bug: CustomTestStringConvertible, Sendable {
    var generator: any DeltaGenerator
    var kind: VerdictKind
    var rule: Rule
    var recipe: Recipe
    /// The smallest failing case in `ShrinkOrder`, canonical names.
    var minimum: (old: [Row], new: [Row])
    var testDescription: String {
      "\(generator.name) \(kind.rawValue) \(rule) from \(recipe)"
    }
  }

  /// How a random case is made.
  enum Recipe: Sendable {
    /// Two independent arrays over `alphabet` letters.
    case independent(alphabet: Int)
    /// Old over `alphabet` letters; new is old edited (rows dropped, added, swapped).
    case edited(alphabet: Int)
    /// Old over `alphabet` letters; new is old with rows swapped (same rows, new order).
    case shuffled(alphabet: Int)
    /// Distinct ids; new is a shuffled subset of old plus a few fresh ids.
    case reordered
    /// Ids over `alphabet` letters, each row with content 0 or 1.
    case contents(alphabet: Int)
    /// Distinct ids with contents; new is old with some rows dropped and
    /// some contents changed.
    case changed
  }

  static let bugs: [Bug] = [
    Bug(
      generator: LCS2013Generator(), kind: .wrongRows, rule: .c1, recipe: .edited(alphabet: 3),
      minimum: (rows("a"), rows("bab"))),
    Bug(
      generator: LCS2013Generator(), kind: .wrongRows, rule: .c1, recipe: .edited(alphabet: 8),
      minimum: (rows("a"), rows("bab"))),
    Bug(
      generator: MapMovesGenerator(), kind: .exception, rule: .r2,
      recipe: .independent(alphabet: 4), minimum: ([], rows("aa"))),
    Bug(
      generator: MapMovesGenerator(), kind: .wrongRows, rule: .c1,
      recipe: .shuffled(alphabet: 3), minimum: (rows("aa"), rows("bb"))),
    Bug(
      generator: DSGenerator(), kind: .exception, rule: .r2, recipe: .independent(alphabet: 4),
      minimum: ([], rows("aa"))),
    Bug(
      generator: DSGenerator(), kind: .wrongRows, rule: .c1, recipe: .reordered,
      minimum: (rows("aa"), rows("bb"))),
    Bug(
      generator: DSGenerator(), kind: .wrongRows, rule: .c1, recipe: .shuffled(alphabet: 3),
      minimum: (rows("aa"), rows("bb"))),
    Bug(
      generator: DSGenerator(), kind: .exception, rule: .r10, recipe: .changed,
      minimum: (rows("a"), [Row(id: "a", content: "b")])),
    Bug(
      generator: LCSGenerator(), kind: .staleContent, rule: .c2, recipe: .contents(alphabet: 3),
      minimum: (rows("a"), [Row(id: "a", content: "b")])),
    Bug(
      generator: MapMovesGenerator(), kind: .staleContent, rule: .c2, recipe: .changed,
      minimum: (rows("a"), [Row(id: "a", content: "b")])),
  ]

  /// How many big failing cases each bug shrinks in `bigCasesShrinkToTheMinimum`.
  static let casesPerBug = 20

  @Test(
    "the known minima are the smallest failing pairs, and ExhaustivePairs agrees",
    arguments: bugs)
  func minimaAreGlobal(bug: Bug) {
    let fails = Self.predicate(bug)
    // The smallest in ShrinkOrder among every canonical pair with contents.
    let smallest = Self.smallestFailing(maxTotal: 4, fails)
    #expect(smallest?.old == bug.minimum.old && smallest?.new == bug.minimum.new)
    // The first failing pair of ExhaustivePairs (plain rows, smallest first).
    let first = ExhaustivePairs(maxTotal: 8).first { fails([$0.old], [$0.new]) }
    if bug.minimum.old.contains(where: { $0.id != $0.content })
      || bug.minimum.new.contains(where: { $0.id != $0.content })
    {
      // A content bug: no plain pair fails that way.
      #expect(first == nil)
    } else {
      let total = bug.minimum.old.count + bug.minimum.new.count
      #expect(first.map { $0.old.count + $0.new.count } == total)
      #expect(first?.old == bug.minimum.old && first?.new == bug.minimum.new)
    }
  }

  @Test("big random failing cases shrink to the minimum in at most 300 calls", arguments: bugs)
  func bigCasesShrinkToTheMinimum(bug: Bug) {
    let fails = Self.predicate(bug)
    var random = SplitMix64(seed: 2024)
    var shrunk = 0
    for _ in 0..<4000 where shrunk < Self.casesPerBug {
      let (old, new) = Self.randomCase(bug.recipe, &random)
      guard fails([old], [new]) else { continue }
      shrunk += 1
      #expect(old.count >= 20)
      let result = Shrinker.shrink(old: [old], new: [new], fails: fails)
      #expect(fails(result.old, result.new), "\(describe(old, new))")
      #expect(result.old == [bug.minimum.old], "\(describe(old, new))")
      #expect(result.new == [bug.minimum.new], "\(describe(old, new))")
      #expect(result.calls <= 300, "\(describe(old, new))")
      #expect(!result.budgetExhausted)
    }
    #expect(shrunk == Self.casesPerBug)
  }

  @Test("deterministic on a generator's bug: same result, same calls", arguments: bugs)
  func deterministic(bug: Bug) throws {
    let fails = Self.predicate(bug)
    var random = SplitMix64(seed: 7)
    var found: ([Row], [Row])?
    for _ in 0..<4000 where found == nil {
      let (old, new) = Self.randomCase(bug.recipe, &random)
      if fails([old], [new]) { found = (old, new) }
    }
    let (old, new) = try #require(found)
    let first = Shrinker.shrink(old: [old], new: [new], fails: fails)
    let second = Shrinker.shrink(old: [old], new: [new], fails: fails)
    #expect(first == second)
  }

  @Test("a budget of 10 calls: at most 10 calls, and the result still fails")
  func budget() throws {
    let bug = Self.bugs[0]
    let fails = Self.predicate(bug)
    var random = SplitMix64(seed: 2024)
    var found: ([Row], [Row])?
    for _ in 0..<4000 where found == nil {
      let (old, new) = Self.randomCase(bug.recipe, &random)
      if fails([old], [new]) { found = (old, new) }
    }
    let (old, new) = try #require(found)
    var calls = 0
    let result = Shrinker.shrink(old: [old], new: [new], budget: 10) {
      calls += 1
      return fails($0, $1)
    }
    #expect(calls <= 10)
    #expect(result.calls == calls)
    #expect(result.budgetExhausted)
    #expect(fails(result.old, result.new))
    #expect(
      ShrinkOrder(old: result.old, new: result.new) < ShrinkOrder(old: [old], new: [new]))
  }

  /// The smallest pair in `ShrinkOrder` for which `fails` holds, among every
  /// canonical single-section pair of at most `maxTotal` rows whose rows may
  /// have a content apart from their id: old then new, each row's id then
  /// content, named `a`, `b`, ... in order of first occurrence.
  static func smallestFailing(
    maxTotal: Int, _ fails: ([[Row]], [[Row]]) -> Bool
  ) -> (old: [Row], new: [Row])? {
    for total in 0...maxTotal {
      var best: (old: [Row], new: [Row], order: ShrinkOrder)?
      // Each restricted growth string of length 2 × total comes once as the
      // new side of a pair of ExhaustivePairs with an empty old side.
      for (empty, slots) in ExhaustivePairs(maxTotal: 2 * total)
      where empty.isEmpty && slots.count == 2 * total {
        let rows = stride(from: 0, to: slots.count, by: 2).map {
          Row(id: slots[$0].id, content: slots[$0 + 1].id)
        }
        for split in 0...total {
          let (old, new) = (Array(rows[..<split]), Array(rows[split...]))
          guard fails([old], [new]) else { continue }
          let order = ShrinkOrder(old: [old], new: [new])
          if best.map({ order < $0.order }) ?? true { best = (old, new, order) }
        }
      }
      if let best { return (best.old, best.new) }
    }
    return nil
  }

  /// Whether `bug.generator`'s update for one section a side gets `bug`'s verdict.
  static func predicate(_ bug: Bug) -> ([[Row]], [[Row]]) -> Bool {
    { old, new in
      guard old.count == 1, new.count == 1 else { return false }
      let result = verdict(bug.generator, old[0], new[0])
      return result.kind == bug.kind && result.rule == bug.rule
    }
  }

  /// A random case of 20 to 60 rows a side, made by `recipe`.
  static func randomCase(_ recipe: Recipe, _ random: inout SplitMix64) -> ([Row], [Row]) {
    func letter(_ index: Int) -> RowValue { .string(String(UnicodeScalar(UInt8(97 + index)))) }
    let count = Int.random(in: 20...60, using: &random)
    switch recipe {
    case .independent(let alphabet):
      let other = Int.random(in: 20...60, using: &random)
      return (
        (0..<count).map { _ in Row(letter(Int.random(in: 0..<alphabet, using: &random))) },
        (0..<other).map { _ in Row(letter(Int.random(in: 0..<alphabet, using: &random))) }
      )
    case .edited(let alphabet):
      let old = (0..<count).map { _ in Row(letter(Int.random(in: 0..<alphabet, using: &random))) }
      var new = old
      for _ in 0..<Int.random(in: 1...6, using: &random) {
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !new.isEmpty:
          new.remove(at: Int.random(in: 0..<new.count, using: &random))
        case 1:
          new.insert(
            Row(letter(Int.random(in: 0..<alphabet, using: &random))),
            at: Int.random(in: 0...new.count, using: &random))
        default:
          if new.count > 1 {
            new.swapAt(
              Int.random(in: 0..<new.count, using: &random),
              Int.random(in: 0..<new.count, using: &random))
          }
        }
      }
      return (old, new)
    case .shuffled(let alphabet):
      let old = (0..<count).map { _ in Row(letter(Int.random(in: 0..<alphabet, using: &random))) }
      var new = old
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        new.swapAt(
          Int.random(in: 0..<new.count, using: &random),
          Int.random(in: 0..<new.count, using: &random))
      }
      return (old, new)
    case .reordered:
      let old = (0..<count).map { Row(.string("r\($0)")) }
      var new = old.filter { _ in Int.random(in: 0..<4, using: &random) != 0 }
      new.shuffle(using: &random)
      for fresh in 0..<Int.random(in: 0...3, using: &random) {
        new.insert(Row(.string("n\(fresh)")), at: Int.random(in: 0...new.count, using: &random))
      }
      return (old, new)
    case .contents(let alphabet):
      func make() -> Row {
        Row(
          id: letter(Int.random(in: 0..<alphabet, using: &random)),
          content: .int(Int.random(in: 0...1, using: &random)))
      }
      let old = (0..<count).map { _ in make() }
      let new = (0..<count).map { _ in make() }
      return (old, new)
    case .changed:
      let old = (0..<count).map {
        Row(id: .string("k\($0)"), content: .int(Int.random(in: 0...9, using: &random)))
      }
      let new = old.compactMap { row -> Row? in
        switch Int.random(in: 0..<8, using: &random) {
        case 0: return nil
        case 1: return Row(id: row.id, content: .int(Int.random(in: 10...19, using: &random)))
        default: return row
        }
      }
      return (old, new)
    }
  }
}
