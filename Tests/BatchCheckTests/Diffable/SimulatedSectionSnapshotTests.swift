import Testing

@testable import BatchCheck

/// The section snapshot model: one positive and one negative test per rule
/// SS1...SS5 with UIKit's exact texts, the two acceptance cases, the
/// silent behaviours, and the recording (calls, answers, replay, verdict).
@Suite("Section snapshot")
struct SimulatedSectionSnapshotTests {
  typealias Snapshot = SimulatedSectionSnapshot<String>
  typealias Node = SectionSnapshotNode<String>

  /// p(c1, c2), q: a parent with two children, then a leaf.
  func outline() -> Snapshot {
    var snapshot = Snapshot()
    snapshot.append(["p", "q"])
    snapshot.append(["c1", "c2"], to: "p")
    return snapshot
  }

  // MARK: Acceptance cases

  @Test("SS1-dup-across-parents: an id under one parent appended under another")
  func dupAcrossParents() {
    let snapshot = Snapshot(running: [
      .append(["p", "q"], parent: nil), .append(["c"], parent: "p"), .append(["c"], parent: "q"),
    ])
    let verdict = snapshot.verdict
    #expect(verdict.kind == .exception)
    #expect(verdict.rule == .ss1)
    #expect(verdict.call == 2)
    #expect(
      verdict.message
        == "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    c\n)}"
    )
    #expect(verdict.final == nil && verdict.answers == nil)
    #expect(snapshot.tree == [Node("p", children: [Node("c")]), Node("q")])
  }

  @Test("SS3-missing-parent: append into a parent that does not exist")
  func missingParent() {
    var snapshot = Snapshot()
    snapshot.append(["c"], to: "zz")
    #expect(
      snapshot.exception
        == SnapshotException(
          rule: .ss3, message: "Parent item identifier does not exist in section snapshot: zz",
          call: 0))
    #expect(snapshot.items.isEmpty)
  }

  // MARK: SS1

  @Test("SS1 positive: an id twice in one call, or already in the tree; nothing inserted")
  func ss1Positive() {
    var twice = Snapshot()
    twice.append(["a", "b", "a"])
    #expect(twice.exception?.rule == .ss1)
    #expect(
      twice.exception?.message
        == "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    a\n)}"
    )
    #expect(twice.items.isEmpty)

    var existing = outline()
    existing.insert(["x", "c1"], before: "q")
    #expect(existing.exception?.rule == .ss1)
    #expect(existing.exception?.call == 2)
    #expect(existing.exception?.message.hasSuffix("{(\n    c1\n)}") == true)
    #expect(existing.items == ["p", "c1", "c2", "q"])
  }

  @Test("SS1 lists each duplicate once, in the order its repeat is found")
  func ss1ListOrder() {
    var snapshot = Snapshot()
    snapshot.append(["a"])
    snapshot.append(["b", "a", "b", "a"], to: "a")
    #expect(
      snapshot.exception?.message
        == "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    a,\n    b\n)}"
    )
  }

  @Test("SS1 negative: new ids under two parents, and an insert of new ids")
  func ss1Negative() {
    var snapshot = Snapshot()
    snapshot.append(["p", "q"])
    snapshot.append(["c"], to: "p")
    snapshot.append(["d"], to: "q")
    snapshot.insert(["x"], before: "q")
    #expect(snapshot.verdict.isValid)
    #expect(snapshot.items == ["p", "c", "x", "q", "d"])
  }

  // MARK: SS2

  @Test("SS2 positive: insert before or after an unknown anchor", arguments: [true, false])
  func ss2Positive(before: Bool) {
    var snapshot = outline()
    if before { snapshot.insert(["x"], before: "z") } else { snapshot.insert(["x"], after: "z") }
    #expect(snapshot.exception?.rule == .ss2)
    #expect(snapshot.exception?.call == 2)
    #expect(
      snapshot.exception?.message
        == "Item identifier to insert \(before ? "before" : "after") does not exist in section snapshot: z"
    )
    #expect(!snapshot.items.contains("x"))
  }

  @Test("SS2 negative: insert before a known child puts the ids beside it")
  func ss2Negative() {
    var snapshot = outline()
    snapshot.insert(["x", "y"], before: "c2")
    #expect(snapshot.exception == nil)
    #expect(snapshot.items == ["p", "c1", "x", "y", "c2", "q"])
    #expect(snapshot.parent(of: "x") == "p")
  }

  @Test("inferred order: the destination (SS2, SS3) is checked before SS1")
  func destinationBeforeDuplicates() {
    var append = Snapshot()
    append.append(["c", "c"], to: "zz")
    #expect(append.exception?.rule == .ss3)

    var insert = outline()
    insert.insert(["c1"], after: "zz")
    #expect(insert.exception?.rule == .ss2)
    #expect(
      insert.exception?.message
        == "Item identifier to insert after does not exist in section snapshot: zz")
  }

  // MARK: SS3

  @Test("SS3 positive: snapshot(of:) and replace(childrenOf:) of an unknown parent")
  func ss3Positive() {
    let snapshot = outline()
    let part = snapshot.snapshot(of: "zz")
    #expect(part.items.isEmpty)
    #expect(snapshot.exception?.rule == .ss3)
    #expect(snapshot.exception?.call == 2)
    #expect(
      snapshot.exception?.message == "Parent item identifier does not exist in section snapshot: zz"
    )

    var replaced = outline()
    replaced.replace(childrenOf: "zz", using: Snapshot())
    #expect(replaced.exception?.rule == .ss3)
    #expect(replaced.exception?.call == 2)
  }

  @Test("SS3 negative: append under a known parent, at the end of its children")
  func ss3Negative() {
    var snapshot = outline()
    snapshot.append(["c3"], to: "p")
    #expect(snapshot.exception == nil)
    #expect(snapshot.items == ["p", "c1", "c2", "c3", "q"])
    #expect(snapshot.level(of: "c3") == 1)
  }

  // MARK: SS4

  @Test("SS4 positive: delete of an unknown id names the first unknown, deletes nothing")
  func ss4Positive() {
    var snapshot = outline()
    snapshot.delete(["q", "z", "y"])
    #expect(
      snapshot.exception
        == SnapshotException(rule: .ss4, message: "Failed to find index of item z", call: 2))
    #expect(snapshot.items == ["p", "c1", "c2", "q"])
  }

  @Test("SS4 negative: delete of known ids, a child with its parent, an id twice")
  func ss4Negative() {
    var snapshot = outline()
    snapshot.delete(["c1", "p", "c1"])
    #expect(snapshot.exception == nil)
    #expect(snapshot.items == ["q"])
  }

  // MARK: SS5

  @Test(
    "SS5 positive: item queries of an unknown id", arguments: ["isExpanded", "isVisible", "level"])
  func ss5Positive(query: String) {
    let snapshot = outline()
    switch query {
    case "isExpanded": #expect(!snapshot.isExpanded("z"))
    case "isVisible": #expect(!snapshot.isVisible("z"))
    default: #expect(snapshot.level(of: "z") == 0)
    }
    #expect(
      snapshot.exception
        == SnapshotException(
          rule: .ss5, message: "Item identifier does not exist in section snapshot: z", call: 2))
  }

  @Test("SS5 positive: parent(of:) of an unknown id has its own text")
  func ss5Parent() {
    let snapshot = outline()
    #expect(snapshot.parent(of: "z") == nil)
    #expect(
      snapshot.exception?.message == "Child item identifier does not exist in section snapshot: z")
    #expect(snapshot.exception?.rule == .ss5)
  }

  @Test("SS5 negative: the same queries of known ids answer and raise nothing")
  func ss5Negative() {
    var snapshot = outline()
    snapshot.expand(["p"])
    #expect(snapshot.isExpanded("p"))
    #expect(!snapshot.isExpanded("q"))
    #expect(snapshot.isVisible("c1"))
    #expect(snapshot.level(of: "c2") == 1)
    #expect(snapshot.parent(of: "c2") == "p")
    #expect(snapshot.parent(of: "q") == nil)
    #expect(snapshot.exception == nil)
    #expect(
      snapshot.answers == [
        .bool(true), .bool(false), .bool(true), .level(1), .item("p"), .item(nil),
      ])
  }

  // MARK: Silent behaviours

  @Test("deleting a parent deletes its children; they leave the expanded set")
  func parentDelete() {
    var snapshot = outline()
    snapshot.append(["g"], to: "c1")
    snapshot.expand(["p", "c1", "q"])
    snapshot.delete(["p"])
    #expect(snapshot.items == ["q"])
    #expect(snapshot.expandedItems == ["q"])
    snapshot.append(["c1"], to: "q")
    #expect(!snapshot.isExpanded("c1"))
    #expect(snapshot.exception == nil)
  }

  @Test("expand and collapse ignore unknown ids; collapse hides descendants")
  func expandCollapse() {
    var snapshot = outline()
    snapshot.expand(["z", "p"])
    #expect(snapshot.expandedItems == ["p"])
    #expect(snapshot.visibleItems == ["p", "c1", "c2", "q"])
    snapshot.collapse(["y", "p"])
    #expect(snapshot.expandedItems.isEmpty)
    #expect(snapshot.visibleItems == ["p", "q"])
    #expect(!snapshot.isVisible("c1"))
    #expect(snapshot.exception == nil)
  }

  @Test("a leaf may be expanded and stays so when it gains children")
  func expandedLeaf() {
    var snapshot = outline()
    snapshot.expand(["q"])
    snapshot.append(["d"], to: "q")
    #expect(snapshot.isExpanded("q"))
    #expect(snapshot.visibleItems == ["p", "q", "d"])
  }

  @Test("contains and index of an unknown id: false and nil, no exception")
  func unknownContainsAndIndex() {
    let snapshot = outline()
    #expect(!snapshot.contains("z"))
    #expect(snapshot.index(of: "z") == nil)
    #expect(snapshot.contains("c2"))
    #expect(snapshot.index(of: "c2") == 2)
    #expect(snapshot.index(of: "q") == 3)
    #expect(snapshot.exception == nil)
    #expect(snapshot.answers == [.bool(false), .index(nil), .bool(true), .index(2), .index(3)])
  }

  @Test("insert(after:) places the ids after the anchor's whole subtree, as its siblings")
  func insertAfterSubtree() {
    var snapshot = outline()
    snapshot.append(["g"], to: "c2")
    snapshot.insert(["x"], after: "p")
    #expect(snapshot.items == ["p", "c1", "c2", "g", "x", "q"])
    #expect(snapshot.rootItems == ["p", "x", "q"])
    #expect(snapshot.parent(of: "x") == nil)
    snapshot.insert(["y"], after: "c1")
    #expect(
      snapshot.tree[0]
        == Node("p", children: [Node("c1"), Node("y"), Node("c2", children: [Node("g")])]))
  }

  @Test("a call given an empty array is a no-op, even with a missing parent or anchor")
  func emptyArrays() {
    var snapshot = outline()
    snapshot.append([], to: "zz")
    snapshot.insert([], before: "zz")
    snapshot.insert([], after: "zz")
    snapshot.delete([])
    snapshot.expand([])
    snapshot.collapse([])
    #expect(snapshot.exception == nil)
    #expect(snapshot.calls.count == 8)
    #expect(snapshot.items == ["p", "c1", "c2", "q"])
  }

  @Test("deleteAll empties the tree and the expanded set")
  func deleteAll() {
    var snapshot = outline()
    snapshot.expand(["p"])
    snapshot.deleteAll()
    #expect(snapshot.items.isEmpty && snapshot.expandedItems.isEmpty && snapshot.tree.isEmpty)
    snapshot.append(["p"])
    #expect(!snapshot.isExpanded("p"))
  }

  // MARK: Sub-snapshots

  @Test("snapshot(of:) holds the children, with the parent when asked, expanded state kept")
  func subSnapshot() {
    var snapshot = outline()
    snapshot.append(["g"], to: "c1")
    snapshot.expand(["p", "c1"])
    let children = snapshot.snapshot(of: "p")
    #expect(children.tree == [Node("c1", children: [Node("g")]), Node("c2")])
    #expect(children.expandedItems == ["c1"])
    #expect(children.parent(of: "c1") == nil)
    let whole = snapshot.snapshot(of: "p", includingParent: true)
    #expect(whole.rootItems == ["p"])
    #expect(whole.items == ["p", "c1", "g", "c2"])
    #expect(whole.expandedItems == ["p", "c1"])
    #expect(whole.calls.isEmpty)
    #expect(
      snapshot.answers.last == .snapshot(whole.tree, expanded: ["p", "c1"]))
  }

  @Test("replace(childrenOf:using:) swaps the subtree; old children's ids may come back")
  func replaceChildren() {
    var snapshot = outline()
    snapshot.expand(["c1"])
    var children = Snapshot()
    children.append(["c1", "n"])
    children.append(["m"], to: "n")
    children.expand(["n"])
    snapshot.replace(childrenOf: "p", using: children)
    #expect(snapshot.exception == nil)
    #expect(snapshot.items == ["p", "c1", "n", "m", "q"])
    #expect(snapshot.expandedItems == ["n"])
    #expect(snapshot.level(of: "m") == 2)
  }

  @Test("replace(childrenOf:using:) with an id found elsewhere in the tree raises SS1")
  func replaceDuplicate() {
    var snapshot = outline()
    var children = Snapshot()
    children.append(["x", "q"])
    snapshot.replace(childrenOf: "p", using: children)
    #expect(snapshot.exception?.rule == .ss1)
    #expect(snapshot.exception?.message.hasSuffix("{(\n    q\n)}") == true)
    #expect(snapshot.items == ["p", "c1", "c2", "q"])
  }

  // MARK: Recording

  @Test("after an exception calls are recorded, not applied; queries still answer")
  func afterException() {
    var snapshot = outline()
    snapshot.delete(["z"])
    snapshot.append(["x"])
    snapshot.delete(["y"])
    #expect(snapshot.isVisible("y") == false)
    #expect(snapshot.contains("p"))
    #expect(snapshot.exception?.call == 2)
    #expect(snapshot.exception?.rule == .ss4)
    #expect(snapshot.calls.count == 7)
    #expect(!snapshot.items.contains("x"))
    #expect(snapshot.answers == [.bool(false), .bool(true)])
  }

  @Test("copies share the recording: a query on a copy raises for the script")
  func copiesShareJournal() {
    let snapshot = outline()
    let copy = snapshot
    _ = copy.level(of: "z")
    #expect(snapshot.exception?.rule == .ss5)
    #expect(snapshot.calls.last == .level("z"))
  }

  @Test("a recorded script replays to the same calls, answers and verdict")
  func replay() {
    var snapshot = outline()
    snapshot.expand(["p"])
    _ = snapshot.isVisible("c1")
    _ = snapshot.snapshot(of: "p", includingParent: true)
    var children = Snapshot()
    children.append(["n"])
    snapshot.replace(childrenOf: "q", using: children)
    snapshot.insert(["x"], after: "c2")
    _ = snapshot.index(of: "x")
    snapshot.delete(["c1"])
    _ = snapshot.parent(of: "c1")
    let replayed = Snapshot(running: snapshot.calls)
    #expect(replayed.calls == snapshot.calls)
    #expect(replayed.answers == snapshot.answers)
    #expect(replayed.verdict == snapshot.verdict)
    #expect(replayed.exception?.rule == .ss5)
    #expect(replayed.exception?.call == 9)
  }

  @Test("a recorded replace with a repeated id keeps the first in depth-first order")
  func replayRepeatedReplace() {
    var snapshot = outline()
    snapshot.run(
      .replace(
        childrenOf: "p",
        using: [Node("x", children: [Node("y")]), Node("y", children: [Node("z")])],
        expanded: ["y", "w"]))
    #expect(snapshot.exception == nil)
    #expect(snapshot.items == ["p", "x", "y", "q"])
    #expect(snapshot.expandedItems == ["y"])
  }

  @Test("the verdict when valid: final tree, expanded items, answers")
  func validVerdict() {
    var snapshot = outline()
    snapshot.expand(["p"])
    _ = snapshot.level(of: "c1")
    let verdict = snapshot.verdict
    #expect(verdict.kind == .valid && verdict.isValid)
    #expect(verdict.rule == nil && verdict.message == nil && verdict.call == nil)
    #expect(verdict.final == [Node("p", children: [Node("c1"), Node("c2")]), Node("q")])
    #expect(verdict.expanded == ["p"])
    #expect(verdict.answers == [.level(1)])
    #expect(verdict.description == "valid")
    #expect(
      Snapshot(running: [.append(["c"], parent: "zz")]).verdict.description
        == "exception SS3 at call 0: Parent item identifier does not exist in section snapshot: zz")
  }

  @Test("call names are the case file's ops; queries are told apart")
  func callNames() {
    let calls: [SectionSnapshotCall<String>] = [
      .append(["a"], parent: nil), .insert(["a"], .before("b")), .delete(["a"]), .deleteAll,
      .expand(["a"]), .collapse(["a"]), .contains("a"), .index("a"), .isExpanded("a"),
      .isVisible("a"), .level("a"), .parent("a"),
    ]
    #expect(
      calls.map(\.name) == [
        "append", "insert", "delete", "deleteAll", "expand", "collapse", "contains", "index",
        "isExpanded", "isVisible", "level", "parent",
      ])
    #expect(
      calls.map(\.isQuery) == Array(repeating: false, count: 6) + Array(repeating: true, count: 6))
    #expect(SectionSnapshotCall<String>.snapshot(of: "a", includingParent: false).isQuery)
    #expect(!SectionSnapshotCall<String>.replace(childrenOf: "a", using: [], expanded: []).isQuery)
  }

  // MARK: The protocol

  /// Outline code written once, against the protocol.
  func makeOutline<S: SectionSnapshotEditing>(_ folders: [(String, [String])]) -> S
  where S.ItemIdentifierType == String {
    var snapshot = S()
    snapshot.append(folders.map { $0.0 })
    for (folder, files) in folders { snapshot.append(files, to: folder) }
    snapshot.expand([folders[0].0])
    return snapshot
  }

  @Test("code written against SectionSnapshotEditing runs on the simulated snapshot")
  func protocolUse() {
    let snapshot: Snapshot = makeOutline([("A", ["a1", "a2"]), ("B", ["b1"])])
    #expect(snapshot.items == ["A", "a1", "a2", "B", "b1"])
    #expect(snapshot.visibleItems == ["A", "a1", "a2", "B"])
    #expect(snapshot.snapshot(of: "B").items == ["b1"])
    let broken: Snapshot = makeOutline([("A", ["x"]), ("B", ["x"])])
    #expect(broken.exception?.rule == .ss1)
    #expect(broken.exception?.call == 2)
  }

  @Test("a node lists its items depth first and prints as a tree")
  func nodes() {
    let node = Node("p", children: [Node("c", children: [Node("g")]), Node("d")])
    #expect(node.items == ["p", "c", "g", "d"])
    #expect(node.description == "p(c(g), d)")
  }
}
