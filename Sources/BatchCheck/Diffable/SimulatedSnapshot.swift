/// An `NSDiffableDataSourceSnapshot` that runs anywhere: every call and
/// query of UIKit's, with UIKit's checks in UIKit's order and its texts
/// (iOS 18.2, an app built with a current SDK), recorded as it runs.
///
///     var snapshot = SimulatedSnapshot<String, String>()
///     snapshot.appendSections(["S"])
///     snapshot.appendItems(["a", "b", "a"])
///     snapshot.exception?.rule     // S1
///     snapshot.exception?.message  // Fatal: supplied item identifiers are not unique. ...
///
/// Its methods do not throw, so that their signatures are UIKit's and code
/// written against `SnapshotEditing` runs on it unchanged. The first
/// exception is recorded with its rule, UIKit's text and the index of the
/// call; the calls after it are recorded but not applied, as after a crash.
/// S3 (an existing item appended or inserted again) is logged and the item
/// moved into place, as UIKit does.
///
/// Copies of one snapshot share its recording: `calls`, `logs` and
/// `exception` belong to the script, the rows to each copy.
///
/// - Complexity: a call costs O(*k*) amortised plus the store's cost per id,
///   where *k* is the number of ids the call names.
public struct SimulatedSnapshot<SectionIdentifierType: Hashable, ItemIdentifierType: Hashable> {
  /// The type of the section ids: `SectionIdentifierType`, shorter.
  public typealias SectionID = SectionIdentifierType
  /// The type of the item ids: `ItemIdentifierType`, shorter.
  public typealias ItemID = ItemIdentifierType

  var store = SnapshotStore<SectionID, ItemID>()
  private var reloadedItems = OrderedMarks<ItemID>()
  private var reconfiguredItems = OrderedMarks<ItemID>()
  private var reloadedSections = OrderedMarks<SectionID>()
  let journal = SnapshotJournal<SectionID, ItemID>()

  /// An empty snapshot, as `NSDiffableDataSourceSnapshot()` is.
  public init() {}

  /// A snapshot holding `sections`, as `dataSource.snapshot()` returns the
  /// applied state: no reload marks, nothing recorded. A repeated section
  /// or item id is dropped, first occurrence kept: a live data source never
  /// holds one twice.
  public init(sections: [(SectionID, [ItemID])]) {
    self.init(sections.map { SnapshotSection(id: $0.0, rows: $0.1.map { SnapshotRow(id: $0) }) })
  }

  // MARK: The recording

  /// Every call made on this snapshot (and its copies), queries included, in order.
  public var calls: [SnapshotCall<SectionID, ItemID>] { journal.calls }
  /// The answers to the query calls, in order; an answer after an exception is
  /// the state UIKit crashed in.
  public var answers: [SnapshotAnswer<SectionID, ItemID>] { journal.answers }
  /// What UIKit logged and went on from (S3).
  public var logs: [SnapshotLog] { journal.logs }
  /// The exception that ended the run; nil while every call has passed.
  public var exception: SnapshotException? { journal.exception }
  /// The sections with their items, in order.
  public var contents: [(section: SectionID, items: [ItemID])] { store.runs }

  // MARK: Queries

  /// How many items the snapshot holds, in all sections.
  public var numberOfItems: Int { store.itemCount }
  /// How many sections the snapshot holds.
  public var numberOfSections: Int { store.sectionCount }
  /// The sections, in order.
  public var sectionIdentifiers: [SectionID] { store.sections }
  /// Every item, section by section, in order.
  public var itemIdentifiers: [ItemID] { store.items }
  /// The items marked by `reloadItems(_:)`, each once, in the order first marked.
  public var reloadedItemIdentifiers: [ItemID] { reloadedItems.list }
  /// The items marked by `reconfigureItems(_:)`, each once, in the order
  /// first marked.
  public var reconfiguredItemIdentifiers: [ItemID] { reconfiguredItems.list }
  /// The sections marked by `reloadSections(_:)`, each once, in the order
  /// first marked.
  public var reloadedSectionIdentifiers: [SectionID] { reloadedSections.list }

  /// How many items the section holds; S11 (recorded) and 0 for an unknown
  /// section.
  public func numberOfItems(inSection identifier: SectionID) -> Int {
    guard journal.begin(.numberOfItems(inSection: identifier)) else {
      return answer(.count(store.itemCount(inSection: identifier) ?? 0))
    }
    guard let count = store.itemCount(inSection: identifier) else {
      journal.raise(.s11, SnapshotMessages.sectionNotFound)
      return answer(.count(0))
    }
    return answer(.count(count))
  }

  /// The items of a section; S11 (recorded) and `[]` for an unknown section.
  public func itemIdentifiers(inSection identifier: SectionID) -> [ItemID] {
    guard journal.begin(.itemIdentifiers(inSection: identifier)) else {
      return answerItems(store.items(inSection: identifier) ?? [])
    }
    guard let items = store.items(inSection: identifier) else {
      journal.raise(.s11, SnapshotMessages.sectionNotFound)
      return answerItems([])
    }
    return answerItems(items)
  }

  /// The section that holds the item; nil for an unknown item.
  public func sectionIdentifier(containingItem identifier: ItemID) -> SectionID? {
    store.section(ofItem: identifier)
  }

  /// The item's index in `itemIdentifiers`, counted across all sections,
  /// not within its own; nil for an unknown item.
  public func indexOfItem(_ identifier: ItemID) -> Int? { store.itemIndex(identifier) }

  /// The section's index in `sectionIdentifiers`; nil for an unknown section.
  public func indexOfSection(_ identifier: SectionID) -> Int? { store.sectionIndex(identifier) }

  private func answer(_ answer: SnapshotAnswer<SectionID, ItemID>) -> Int {
    journal.answers.append(answer)
    if case .count(let count) = answer { return count }
    return 0
  }

  private func answerItems(_ items: [ItemID]) -> [ItemID] {
    journal.answers.append(.items(items))
    return items
  }

  /// Runs a query as a script's call: records it and its answer.
  public func record(query: SnapshotCall<SectionID, ItemID>) {
    switch query {
    case .numberOfItems(let section?): _ = numberOfItems(inSection: section)
    case .itemIdentifiers(let section?): _ = itemIdentifiers(inSection: section)
    default:
      guard query.isQuery else { return }
      _ = journal.begin(query)
      journal.answers.append(silentAnswer(query))
    }
  }

  private func silentAnswer(_ query: SnapshotCall<SectionID, ItemID>) -> SnapshotAnswer<
    SectionID, ItemID
  > {
    switch query {
    case .numberOfItems: return .count(numberOfItems)
    case .numberOfSections: return .count(numberOfSections)
    case .itemIdentifiers: return .items(itemIdentifiers)
    case .sectionIdentifiers: return .sections(sectionIdentifiers)
    case .indexOfItem(let id): return .index(indexOfItem(id))
    case .indexOfSection(let id): return .index(indexOfSection(id))
    case .sectionIdentifier(let item): return .section(sectionIdentifier(containingItem: item))
    case .reloadedItemIdentifiers: return .items(reloadedItemIdentifiers)
    case .reconfiguredItemIdentifiers: return .items(reconfiguredItemIdentifiers)
    case .reloadedSectionIdentifiers: return .sections(reloadedSectionIdentifiers)
    default: return .count(0)
    }
  }

  // MARK: Reload marks

  mutating func markReloaded(items: [ItemID]) { reloadedItems.add(items) }
  mutating func markReconfigured(items: [ItemID]) { reconfiguredItems.add(items) }
  mutating func markReloaded(sections: [SectionID]) { reloadedSections.add(sections) }
  func isRefreshed(item: ItemID) -> Bool {
    reloadedItems.contains(item) || reconfiguredItems.contains(item)
  }
  func isReloaded(section: SectionID) -> Bool { reloadedSections.contains(section) }
}

/// An ordered union of ids, first occurrence kept: the reload marks.
struct OrderedMarks<ID: Hashable> {
  private(set) var list: [ID] = []
  private var members = Set<IdentityKey<ID>>()

  mutating func add(_ ids: [ID]) {
    for id in ids where members.insert(IdentityKey(id)).inserted { list.append(id) }
  }

  func contains(_ id: ID) -> Bool { members.contains(IdentityKey(id)) }
}
