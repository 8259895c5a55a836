/// An `NSDiffableDataSourceSectionSnapshot` (iOS 14 and later) that runs
/// anywhere: a tree of item ids with an expanded set, every call and query
/// of UIKit's with UIKit's checks (SS1...SS5) and texts (iOS 18.2, an app
/// built with a current SDK), recorded as it runs.
///
///     var snapshot = SimulatedSectionSnapshot<String>()
///     snapshot.append(["p", "q"])
///     snapshot.append(["c"], to: "p")
///     snapshot.append(["c"], to: "q")
///     snapshot.exception?.rule     // SS1
///     snapshot.exception?.call     // 2
///     snapshot.exception?.message  // Identifiers in a section snapshot must be unique. ...
///
/// Every id is unique in the whole tree, whichever parent it is under;
/// `items` lists them depth first. A call given an empty array changes
/// nothing and checks nothing, even with a missing parent or anchor.
///
/// Its methods do not throw, so that their signatures are UIKit's and code
/// written against `SectionSnapshotEditing` runs on it unchanged. The first
/// exception is recorded with its rule, UIKit's text and the index of the
/// call (from 0, queries counted); the calls after it are recorded but not
/// applied, as after a crash. Copies of one snapshot share its recording:
/// `calls`, `answers` and `exception` belong to the script, the tree to each
/// copy.
///
/// - Complexity: a call costs O(*k*) amortised for the *k* ids it names,
///   plus, per id, O(1) to find it, O(*depth*) for `level(of:)` and
///   `isVisible(_:)`, and O(*siblings*) to place an insert beside its
///   anchor; `delete(_:)` also costs the size of the deleted subtrees and
///   of the sibling lists it shortens. `items`, `visibleItems`,
///   `expandedItems`, `tree` and `index(of:)` are O(*n*) for *n* items.
public struct SimulatedSectionSnapshot<ItemIdentifierType: Hashable> {
  /// The type of the item ids: `ItemIdentifierType`, shorter.
  public typealias ItemID = ItemIdentifierType

  var forest = SectionSnapshotForest<ItemID>()
  let journal = SectionSnapshotJournal<ItemID>()

  /// An empty section snapshot, as `NSDiffableDataSourceSectionSnapshot()` is.
  public init() {}

  /// A snapshot holding `forest`, with nothing recorded.
  init(forest: SectionSnapshotForest<ItemID>) {
    self.forest = forest
  }

  /// A snapshot holding `tree`, with the known ids of `expanded` expanded
  /// and nothing recorded. A repeated id is dropped with its subtree, the
  /// first in depth-first order kept: a section snapshot never holds one twice.
  init(tree: [SectionSnapshotNode<ItemID>], expanded: [ItemID]) {
    self.init(forest: SectionSnapshotForest(tree: tree, expanded: expanded))
  }

  // MARK: The recording

  /// Every call made on this snapshot (and its copies), queries included, in order.
  public var calls: [SectionSnapshotCall<ItemID>] { journal.calls }
  /// The answers to the query calls, in order, one per query: an answer
  /// after an exception is the state UIKit crashed in, and a query that
  /// raised answers `false`, `0` or nil.
  public var answers: [SectionSnapshotAnswer<ItemID>] { journal.answers }
  /// The exception that ended the run; nil while every call has passed.
  public var exception: SnapshotException? { journal.exception }

  // MARK: The state

  /// Every item, depth first: a parent, then its children, each with theirs.
  public var items: [ItemID] { forest.items }
  /// The items at the top level, in order.
  public var rootItems: [ItemID] { forest.roots }
  /// The items whose ancestors are all expanded, depth first.
  public var visibleItems: [ItemID] { forest.visibleItems }
  /// The expanded items, in `items` order (UIKit's `expandedItems`, iOS 18.1 and later).
  public var expandedItems: [ItemID] { forest.expandedItems }
  /// The items as a tree: the top-level items with their children, in order.
  public var tree: [SectionSnapshotNode<ItemID>] { forest.tree }
}
