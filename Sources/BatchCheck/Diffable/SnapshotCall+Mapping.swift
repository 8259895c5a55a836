extension SnapshotIdentifier {
  /// A case file's id for any id value: an `Int` or a `String` as itself,
  /// a `SnapshotIdentifier` or a `RowValue` as it is, anything else as the
  /// string `String(reflecting:)` writes. A replay of recorded calls is
  /// faithful when distinct ids write distinct strings.
  ///
  ///     SnapshotIdentifier(describing: 3)      // .integer(3)
  ///     SnapshotIdentifier(describing: Post.ID(7))  // .string("App.Post.ID(raw: 7)")
  public init(describing value: some Hashable) {
    switch value {
    case let id as SnapshotIdentifier: self = id
    case let value as RowValue: self.init(value)
    case let number as Int: self = .integer(number)
    case let text as String: self = .string(text)
    default: self = .string(String(reflecting: value))
    }
  }
}

extension SnapshotAnchor {
  /// The same anchor with its id transformed.
  public func map<Other: Hashable>(_ transform: (ID) -> Other) -> SnapshotAnchor<Other> {
    switch self {
    case .before(let id): return .before(transform(id))
    case .after(let id): return .after(transform(id))
    }
  }
}

extension SnapshotCall {
  /// The same call with its ids transformed: `section` for section ids,
  /// `item` for item ids.
  public func map<S: Hashable, I: Hashable>(
    section: (SectionID) -> S, item: (ItemID) -> I
  ) -> SnapshotCall<S, I> {
    switch self {
    case .appendSections(let ids): return .appendSections(ids.map(section))
    case .insertSections(let ids, let anchor):
      return .insertSections(ids.map(section), anchor.map(section))
    case .deleteSections(let ids): return .deleteSections(ids.map(section))
    case .moveSection(let id, let anchor): return .moveSection(section(id), anchor.map(section))
    case .reloadSections(let ids): return .reloadSections(ids.map(section))
    case .appendItems(let ids, let target):
      return .appendItems(ids.map(item), toSection: target.map(section))
    case .insertItems(let ids, let anchor): return .insertItems(ids.map(item), anchor.map(item))
    case .deleteItems(let ids): return .deleteItems(ids.map(item))
    case .deleteAllItems: return .deleteAllItems
    case .moveItem(let id, let anchor): return .moveItem(item(id), anchor.map(item))
    case .reloadItems(let ids): return .reloadItems(ids.map(item))
    case .reconfigureItems(let ids): return .reconfigureItems(ids.map(item))
    case .numberOfItems(let target): return .numberOfItems(inSection: target.map(section))
    case .numberOfSections: return .numberOfSections
    case .itemIdentifiers(let target): return .itemIdentifiers(inSection: target.map(section))
    case .sectionIdentifiers: return .sectionIdentifiers
    case .indexOfItem(let id): return .indexOfItem(item(id))
    case .indexOfSection(let id): return .indexOfSection(section(id))
    case .sectionIdentifier(let id): return .sectionIdentifier(containingItem: item(id))
    case .reloadedItemIdentifiers: return .reloadedItemIdentifiers
    case .reconfiguredItemIdentifiers: return .reconfiguredItemIdentifiers
    case .reloadedSectionIdentifiers: return .reloadedSectionIdentifiers
    }
  }

  /// The call with case-file ids (`SnapshotIdentifier(describing:)`).
  public var described: SnapshotCall<SnapshotIdentifier, SnapshotIdentifier> {
    map(
      section: { SnapshotIdentifier(describing: $0) }, item: { SnapshotIdentifier(describing: $0) })
  }
}
