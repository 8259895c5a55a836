import BatchCheck

/// The UIKit a harness view follows and the data source it has; the view
/// itself (table or collection) is its class.
///
///     HarnessOptions(uikit: .ios12)           // iOS 12's rules
///     HarnessOptions(source: .diffable)       // a diffable data source
public struct HarnessOptions: Hashable, Sendable {
  /// The UIKit whose rules apply: `ios18` (the default) or `ios12`.
  public var uikit: UIKitProfile
  /// The SDK the app was linked against: `modern` (the default) or `old`.
  public var sdk: AdapterSDK
  /// The data source: `plain` (the default) or `diffable`.
  public var source: AdapterSource
  /// What to do with duplicate inserts and deletes in each batch.
  public var duplicates: DuplicatesPolicy

  /// Options with these choices; every argument has its default.
  public init(
    uikit: UIKitProfile = .ios18, sdk: AdapterSDK = .modern, source: AdapterSource = .plain,
    duplicates: DuplicatesPolicy = .reject
  ) {
    self.uikit = uikit
    self.sdk = sdk
    self.source = source
    self.duplicates = duplicates
  }

  /// The machine's options for a view of `semantics`.
  func adapterOptions(_ semantics: ViewSemantics) -> AdapterOptions {
    AdapterOptions(
      semantics: semantics, duplicates: duplicates, uikit: uikit, sdk: sdk, source: source)
  }
}

/// The state a harness view starts in: whether UIKit has read its data
/// source, whether it is in a window, whether it has been laid out.
///
///     HarnessStart.laidOut       // on screen, the usual case
///     HarnessStart.neverLoaded   // created, data source set, never shown
public struct HarnessStart: Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// Whether UIKit has read the data source.
  public var loaded: Bool
  /// Whether the view is in a window.
  public var inWindow: Bool
  /// Whether the view has had its layout pass; never without `loaded` (a
  /// layout pass loads), so `laidOut` is false whenever `loaded` is.
  public var laidOut: Bool

  /// A start state; `laidOut` is taken as false when `loaded` is false.
  public init(loaded: Bool = true, inWindow: Bool = true, laidOut: Bool = true) {
    self.loaded = loaded
    self.inWindow = inWindow
    self.laidOut = laidOut && loaded
  }

  /// Loaded, laid out, in a window: a view on screen.
  public static let laidOut = HarnessStart()
  /// In a window but never loaded: created, its data source set, not yet
  /// laid out.
  public static let neverLoaded = HarnessStart(loaded: false, laidOut: false)
  /// Loaded and in a window, but a layout pass is owed.
  public static let needsLayout = HarnessStart(laidOut: false)
  /// Loaded and laid out, then taken out of its window.
  public static let notInWindow = HarnessStart(inWindow: false)

  /// The four named states, the usual first.
  public static let allCases: [HarnessStart] = [.laidOut, .neverLoaded, .needsLayout, .notInWindow]

  /// `laidOut`, `neverLoaded`, ... or `loaded: …, inWindow: …, laidOut: …`.
  public var description: String {
    switch self {
    case .laidOut: "laidOut"
    case .neverLoaded: "neverLoaded"
    case .needsLayout: "needsLayout"
    case .notInWindow: "notInWindow"
    default: "loaded: \(loaded), inWindow: \(inWindow), laidOut: \(laidOut)"
    }
  }

  /// The machine's start with `rows`.
  func adapterStart(_ rows: [[Row]]) -> AdapterStart {
    AdapterStart(rows: rows, loaded: loaded, inWindow: inWindow, laidOut: laidOut)
  }
}

extension TableDataSource {
  /// Every row the source returns, copied, section by section; a negative
  /// count is read as no sections or no rows.
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows.
  func copiedRows() -> [[Row]] {
    (0..<max(0, numberOfSections)).map { section in
      (0..<max(0, numberOfRows(inSection: section))).map {
        row(at: RowPath(section: section, row: $0))
      }
    }
  }
}
