/// Which UIKit view's batch-update behaviour the simulator follows.
public enum ViewSemantics: String, Hashable, Sendable, CaseIterable {
  /// UITableView: duplicate deletes and inserts are merged; texts say "row".
  case tableView
  /// UICollectionView: duplicates count once per occurrence; texts say "item".
  case collectionView
}

/// What the simulator does with the same insert or delete given twice.
///
/// UIKit is inconsistent (<doc:UIKitRules>, the duplicates policy): UITableView
/// merges an exact duplicate insert or delete, UICollectionView counts each
/// occurrence. A diff that emits one is broken on at least one of them.
public enum DuplicatesPolicy: String, Hashable, Sendable, CaseIterable {
  /// The default: an exact duplicate row or section insert or delete gets the
  /// verdict `duplicate` (rule R20), checked right after R22.
  case reject
  /// Reproduce the chosen view literally (UITableView merges, UICollectionView counts).
  case asUIKit
}

/// How a simulated table judges an update.
public struct SimulationOptions: Hashable, Sendable {
  /// The view whose rules apply; UITableView by default.
  public var semantics: ViewSemantics
  /// What to do with duplicate inserts and deletes; `reject` by default.
  public var duplicates: DuplicatesPolicy
  /// Identity-only mode: the row check compares identities only, so a row
  /// whose content changed without a reload is not held against the update
  /// (no C2). For generators with no notion of content updates (Myers-style
  /// diffs, `CollectionDifference`). UIKit's checks are the same either way.
  public var identityOnly: Bool
  /// The UIKit whose rules apply: iOS 18 (the default) or iOS 12.
  public var uikit: UIKitProfile
  /// Which old rows have a cell before the update; every existing row by default.
  public var visibleRows: VisibleRows

  /// Options with these choices; by default UITableView, duplicates rejected,
  /// contents judged, iOS 18 and every row on screen.
  public init(
    semantics: ViewSemantics = .tableView, duplicates: DuplicatesPolicy = .reject,
    identityOnly: Bool = false, uikit: UIKitProfile = .ios18, visibleRows: VisibleRows = .all
  ) {
    self.semantics = semantics
    self.duplicates = duplicates
    self.identityOnly = identityOnly
    self.uikit = uikit
    self.visibleRows = visibleRows
  }

  /// UITableView semantics on iOS 18, duplicates rejected, every row on screen.
  public static let `default` = SimulationOptions()

  /// The profile's rules for this view: everything the profiles differ in.
  package var rules: UIKitProfile.Rules { uikit.rules(for: semantics) }
}
