import Testing

@testable import BatchCheck

/// `SimulatedSectionSnapshot` against a plain model of a section snapshot
/// on thousands of seeded random call scripts: the same exception (rule,
/// call, text), tree, expanded items, recorded calls and query answers.
@Suite("Section snapshot against a reference model")
struct SectionSnapshotReferenceTests {
  /// How many random scripts one run checks.
  static let scriptCount: UInt64 = 4_000

  @Test("random scripts: the model and the reference agree")
  func randomScripts() {
    var outcomes: [String: Int] = [:]
    var failures = 0
    var largest = 0
    var deepest = 0
    for seed in 0..<Self.scriptCount {
      var generator = OutlineScriptGenerator(seed: seed)
      let script = generator.script()
      var reference = ReferenceOutline()
      for call in script { reference.run(call) }
      let snapshot = SimulatedSectionSnapshot<String>(running: script)
      outcomes[reference.exception?.rule.rawValue ?? "valid", default: 0] += 1
      largest = max(largest, reference.items.count)
      deepest = max(deepest, reference.items.map { reference.ancestors($0).count }.max() ?? 0)
      let agree =
        snapshot.exception == reference.exception && snapshot.tree == reference.tree
        && snapshot.items == reference.items && snapshot.rootItems == reference.rootItems
        && snapshot.visibleItems == reference.visibleItems
        && snapshot.expandedItems == reference.expandedItems
        && snapshot.answers == reference.answers && snapshot.calls == script
      if !agree {
        failures += 1
        if failures <= 3 {
          Issue.record(
            "seed \(seed): \(script)\nmodel: \(snapshot.exception.map(\.description) ?? "valid") \(snapshot.tree) \(snapshot.expandedItems) \(snapshot.answers)\nreference: \(reference.exception.map(\.description) ?? "valid") \(reference.tree) \(reference.expandedItems) \(reference.answers)"
          )
        }
      }
    }
    #expect(failures == 0)
    // The scripts reach every rule, many run to the end, and trees grow wide and deep.
    for rule in ["SS1", "SS2", "SS3", "SS4", "SS5"] { #expect(outcomes[rule, default: 0] > 50) }
    #expect(outcomes["valid", default: 0] > Int(Self.scriptCount) / 4)
    #expect(largest >= 8 && deepest >= 3)
  }

  @Test("the reference itself, on a hand-made script")
  func referenceByHand() {
    var reference = ReferenceOutline()
    for call: SectionSnapshotCall<String> in [
      .append(["p", "q"], parent: nil), .append(["c"], parent: "p"), .insert(["x"], .after("p")),
      .expand(["p"]), .level("c"), .delete(["p"]), .isExpanded("p"),
    ] {
      reference.run(call)
    }
    #expect(reference.items == ["x", "q"])
    #expect(reference.answers == [.level(1), .bool(false)])
    #expect(reference.exception?.rule == .ss5)
    #expect(reference.exception?.call == 6)
  }
}

/// A plain section snapshot: its items as (id, parent) pairs in depth-first
/// order, and the expanded ids. Everything is a search of that list.
struct ReferenceOutline {
  var entries: [(id: String, parent: String?)] = []
  var expanded: [String] = []
  var exception: SnapshotException?
  var answers: [SectionSnapshotAnswer<String>] = []
  private var callCount = 0

  var items: [String] { entries.map(\.id) }
  var rootItems: [String] { entries.filter { $0.parent == nil }.map(\.id) }
  var expandedItems: [String] { items.filter { expanded.contains($0) } }
  var visibleItems: [String] { items.filter { isVisible($0) } }
  var tree: [SectionSnapshotNode<String>] { Self.nodes(under: nil, in: entries) }

  func position(_ id: String) -> Int? { entries.firstIndex { $0.id == id } }
  func parent(_ id: String) -> String? { entries.first { $0.id == id }?.parent }

  func ancestors(_ id: String) -> [String] {
    var result: [String] = []
    var current = parent(id)
    while let above = current {
      result.append(above)
      current = parent(above)
    }
    return result
  }

  func isVisible(_ id: String) -> Bool { ancestors(id).allSatisfy { expanded.contains($0) } }

  /// The index just past the item's subtree.
  func subtreeEnd(_ id: String) -> Int {
    var end = position(id)! + 1
    while end < entries.count && ancestors(entries[end].id).contains(id) { end += 1 }
    return end
  }

  static func nodes(
    under parent: String?, in entries: [(id: String, parent: String?)]
  ) -> [SectionSnapshotNode<String>] {
    entries.filter { $0.parent == parent }.map {
      SectionSnapshotNode($0.id, children: nodes(under: $0.id, in: entries))
    }
  }

  static func flatten(
    _ nodes: [SectionSnapshotNode<String>], under parent: String?
  ) -> [(id: String, parent: String?)] {
    nodes.flatMap { [($0.id, parent)] + flatten($0.children, under: $0.id) }
  }

  private mutating func fail(_ rule: SnapshotRule, _ message: String) {
    if exception == nil {
      exception = SnapshotException(rule: rule, message: message, call: callCount - 1)
    }
  }

  private static func set(_ ids: [String]) -> String {
    "{(\n" + ids.map { "    " + $0 }.joined(separator: ",\n") + "\n)}"
  }

  /// SS1 on ids about to be added: false (and raised) when one repeats.
  private mutating func unique(_ ids: [String], besides present: [String]) -> Bool {
    var duplicates: [String] = []
    for (index, id) in ids.enumerated()
    where (present.contains(id) || ids[..<index].contains(id)) && !duplicates.contains(id) {
      duplicates.append(id)
    }
    if duplicates.isEmpty { return true }
    fail(
      .ss1,
      "Identifiers in a section snapshot must be unique. Duplicate item identifiers: "
        + Self.set(duplicates))
    return false
  }

  mutating func run(_ call: SectionSnapshotCall<String>) {
    callCount += 1
    if call.isQuery { return ask(call) }
    guard exception == nil else { return }
    switch call {
    case .append(let ids, let parent):
      guard !ids.isEmpty else { return }
      if let parent, position(parent) == nil {
        return fail(.ss3, "Parent item identifier does not exist in section snapshot: \(parent)")
      }
      guard unique(ids, besides: items) else { return }
      let at = parent.map { subtreeEnd($0) } ?? entries.count
      entries.insert(contentsOf: ids.map { ($0, parent) }, at: at)
    case .insert(let ids, let anchor):
      guard !ids.isEmpty else { return }
      let before = anchor == .before(anchor.id)
      guard position(anchor.id) != nil else {
        return fail(
          .ss2,
          "Item identifier to insert \(before ? "before" : "after") does not exist in section snapshot: \(anchor.id)"
        )
      }
      guard unique(ids, besides: items) else { return }
      let at = before ? position(anchor.id)! : subtreeEnd(anchor.id)
      entries.insert(contentsOf: ids.map { ($0, parent(anchor.id)) }, at: at)
    case .delete(let ids):
      guard !ids.isEmpty else { return }
      if let unknown = ids.first(where: { position($0) == nil }) {
        return fail(.ss4, "Failed to find index of item \(unknown)")
      }
      entries = entries.filter { entry in
        !ids.contains(entry.id) && !ancestors(entry.id).contains { ids.contains($0) }
      }
      expanded = expanded.filter { position($0) != nil }
    case .deleteAll:
      entries = []
      expanded = []
    case .expand(let ids):
      for id in ids where position(id) != nil && !expanded.contains(id) { expanded.append(id) }
    case .collapse(let ids):
      expanded.removeAll { ids.contains($0) }
    case .replace(let parent, let tree, let newExpanded):
      replace(childrenOf: parent, with: Self.flatten(tree, under: nil), expanded: newExpanded)
    default: break
    }
  }

  private mutating func replace(
    childrenOf parent: String, with other: [(id: String, parent: String?)],
    expanded newExpanded: [String]
  ) {
    guard position(parent) != nil else {
      return fail(.ss3, "Parent item identifier does not exist in section snapshot: \(parent)")
    }
    let outside = items.filter { !ancestors($0).contains(parent) }
    guard unique(other.map(\.id), besides: outside) else { return }
    entries = entries.filter { !ancestors($0.id).contains(parent) }
    expanded = expanded.filter { position($0) != nil }
    let grafted = other.map { (id: $0.id, parent: $0.parent ?? parent) }
    entries.insert(contentsOf: grafted, at: position(parent)! + 1)
    expanded += newExpanded.filter { id in other.contains { $0.id == id } }
  }

  /// A query: its answer, and SS5 or SS3 for an unknown id (once the run
  /// has raised, only the answer).
  private mutating func ask(_ call: SectionSnapshotCall<String>) {
    switch call {
    case .contains(let id): answers.append(.bool(position(id) != nil))
    case .index(let id): answers.append(.index(position(id)))
    case .isExpanded(let id), .isVisible(let id), .level(let id), .parent(let id):
      let known = position(id) != nil
      if !known {
        let kind = call.name == "parent" ? "Child item" : "Item"
        fail(.ss5, "\(kind) identifier does not exist in section snapshot: \(id)")
      }
      switch call {
      case .isExpanded: answers.append(.bool(known && expanded.contains(id)))
      case .isVisible: answers.append(.bool(known && isVisible(id)))
      case .level: answers.append(.level(known ? ancestors(id).count : 0))
      default: answers.append(.item(known ? parent(id) : nil))
      }
    case .snapshot(let id, let includingParent):
      guard position(id) != nil else {
        fail(.ss3, "Parent item identifier does not exist in section snapshot: \(id)")
        return answers.append(.snapshot([], expanded: []))
      }
      let below = entries.filter { ancestors($0.id).contains(id) }
      let part = includingParent ? [(id: id, parent: String?.none)] + below : below
      answers.append(
        .snapshot(
          Self.nodes(under: includingParent ? nil : id, in: part),
          expanded: part.map(\.id).filter { expanded.contains($0) }))
    default: break
    }
  }
}

/// Random section snapshot scripts from a seed, over a few ids. A shadow
/// reference steers the choices: parents, anchors, deletes and queries
/// mostly name items in the tree and appends mostly new ids, so that many
/// scripts run long, while duplicates, unknown ids and empty lists still
/// come often enough to reach every rule.
struct OutlineScriptGenerator {
  private var random: SplitMix64
  private let pool = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l"]
  private var shadow = ReferenceOutline()

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  private mutating func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
  private mutating func id() -> String { pool[below(pool.count)] }

  /// An item in the tree, or any id one time in twelve (and when the tree is empty).
  private mutating func present() -> String {
    let items = shadow.items
    return items.isEmpty || below(12) == 0 ? id() : items[below(items.count)]
  }

  /// An id not in the tree, or any id one time in ten.
  private mutating func absent() -> String {
    let free = pool.filter { shadow.position($0) == nil }
    return free.isEmpty || below(10) == 0 ? id() : free[below(free.count)]
  }

  /// 0 to 3 ids, an empty list one time in eight; new ids or present ones.
  private mutating func ids(new: Bool) -> [String] {
    let count = below(8) == 0 ? 0 : 1 + below(3)
    return (0..<count).map { _ in new ? absent() : present() }
  }

  mutating func script() -> [SectionSnapshotCall<String>] {
    (0..<(1 + below(16))).map { _ in
      let call = call()
      shadow.run(call)
      return call
    }
  }

  private mutating func call() -> SectionSnapshotCall<String> {
    // An empty tree mostly grows from the top level.
    if shadow.items.isEmpty && below(8) != 0 { return .append(ids(new: true), parent: nil) }
    switch below(100) {
    case 0..<30: return .append(ids(new: true), parent: below(3) == 0 ? nil : present())
    case 30..<42:
      let anchor = present()
      return .insert(ids(new: true), below(2) == 0 ? .before(anchor) : .after(anchor))
    case 42..<50: return .delete(ids(new: false))
    case 50..<51: return .deleteAll
    case 51..<58: return .expand(ids(new: false))
    case 58..<62: return .collapse(ids(new: false))
    case 62..<66: return replacement()
    case 66..<70: return .snapshot(of: present(), includingParent: below(2) == 0)
    default:
      let item = present()
      let queries: [SectionSnapshotCall<String>] = [
        .contains(item), .index(item), .isExpanded(item), .isVisible(item), .level(item),
        .parent(item),
      ]
      return queries[below(queries.count)]
    }
  }

  /// A `replace` whose snapshot is a small random forest of distinct ids.
  private mutating func replacement() -> SectionSnapshotCall<String> {
    let parent = present()
    var entries: [(id: String, parent: String?)] = []
    for _ in 0..<below(4) {
      let new = absent()
      guard !entries.contains(where: { $0.id == new }) else { continue }
      let above = entries.isEmpty || below(2) == 0 ? nil : entries[below(entries.count)].id
      entries.append((new, above))
    }
    let tree = ReferenceOutline.nodes(under: nil, in: entries)
    let expanded = ReferenceOutline.flatten(tree, under: nil).map(\.id).filter { _ in
      below(2) == 0
    }
    return .replace(childrenOf: parent, using: tree, expanded: expanded)
  }
}
