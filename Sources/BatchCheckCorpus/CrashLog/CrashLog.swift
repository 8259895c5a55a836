import BatchCheck

/// Every UIKit text in a log (an Xcode console, a crash reporter's page, a
/// pasted message, a JSON report, several crashes, a quote cut at either
/// end, lower-cased, escaped, wrapped or indented), each diagnosed: the
/// batch-update exceptions of table and collection views, the diffable data
/// source's exceptions, and the count texts UIKit logged and answered with
/// reloadData; and the Swift traps, Auto Layout warnings and other
/// exceptions in it, which are not batch-update exceptions.
///
///     let log = CrashLog(console)
///     log.diagnoses.map(\.ruleID)  // ["R2b", "R3"]
///     log.otherFailures            // ["Fatal error: Index out of range"]
///
/// - Complexity: O(*n* + *c* × *m*), where *n* is the length of the log,
///   *c* the number of places where a phrase of a UIKit text starts and *m*
///   the length of the longest text.
package struct CrashLog: Sendable {
  /// The exceptions found, in the order the log holds them.
  package var diagnoses: [CrashDiagnosis]
  /// Lines that report a failure that is not a UIKit batch-update exception:
  /// a Swift trap (`Fatal error: Index out of range`) or another exception.
  package var otherFailures: [String]

  package init(_ text: String) {
    self.init(bytes: Array(text.utf8))
  }

  package init(bytes: [UInt8]) {
    let text = CrashLogText(bytes: bytes)
    var found: [(start: Int, make: () -> CrashDiagnosis)] = []
    for match in CrashTextMatch.all(in: text) {
      switch match.template.source {
      case .uikit(let template):
        found.append((match.start, { Self.diagnose(match, template, in: text) }))
      case .diffable(let form):
        found.append((match.start, { Self.diagnose(match, form, in: text) }))
      }
    }
    for reading in InvalidBatchUpdatesText.all(in: text) {
      found.append((reading.start, { Self.diagnose(reading, in: text) }))
    }
    let afterValidation = text.occurrences(of: Self.afterValidationTexts.map(\.0))
    for (needle, globalIndex) in Self.afterValidationTexts {
      for position in afterValidation[needle] ?? [] {
        found.append(
          (
            position,
            {
              Self.diagnoseAfterValidation(
                at: position, needle: needle, globalIndex: globalIndex, in: text)
            }
          ))
      }
    }
    diagnoses = found.sorted { $0.start < $1.start }.map { $0.make() }
    otherFailures = Self.otherFailures(in: text)
  }

  // MARK: The view

  static let tableWords = ["UITableView", "_endCellAnimations"].map(CrashLogText.squeezed)
  static let collectionWords = ["UICollectionView", "_endItemAnimations"].map(CrashLogText.squeezed)
  static let tableEnding = CrashLogText.squeezed("Table view:")
  static let collectionEnding = CrashLogText.squeezed("Collection view:")
  static let reloadDataEnding = CrashLogText.squeezed("- will perform reloadData")

  /// What follows a text: the view it names (iOS 18's ending), and whether
  /// the older-SDK fallback's "- will perform reloadData" comes after.
  static func ending(after end: Int, in text: CrashLogText) -> (
    semantics: ViewSemantics?, named: Bool, reloadData: Bool
  ) {
    var position = end
    while position < text.stripped.count, text.stripped[position] == UInt8(ascii: "."),
      position - end < 2
    {
      position += 1
    }
    var semantics: ViewSemantics?
    for (word, kind) in [
      (tableEnding, ViewSemantics.tableView), (collectionEnding, .collectionView),
    ]
    where text.has(word, at: position) {
      semantics = kind
      position += word.count
      if let close = text.closingAngle(from: position) { position = close }
    }
    let reloadData = text.has(reloadDataEnding, at: position)
    return (semantics, semantics != nil, reloadData)
  }

  static let diffableTableWords = [CrashLogText.squeezed("UITableViewDiffableDataSource")]
  static let diffableCollectionWords = [
    CrashLogText.squeezed("UICollectionViewDiffableDataSource")
  ]

  /// The view the log names nearest to a text: `-[UITableView _endCellAnimationsWithContext:]`, a frame.
  /// `diffable`: only the diffable data sources' class names count.
  static func viewNearby(_ start: Int, in text: CrashLogText, diffable: Bool = false)
    -> ViewSemantics?
  {
    let window = 4_000
    let low = max(0, start - window)
    let high = min(text.stripped.count, start + window)
    var best: (distance: Int, semantics: ViewSemantics)?
    for (words, semantics) in [
      (diffable ? diffableTableWords : tableWords, ViewSemantics.tableView),
      (diffable ? diffableCollectionWords : collectionWords, .collectionView),
    ] {
      for word in words {
        var position = low
        while position + word.count <= high {
          if text.stripped[position] == word[0], text.has(word, at: position) {
            let distance = abs(position - start)
            if distance < (best?.distance ?? Int.max) { best = (distance, semantics) }
          }
          position += 1
        }
      }
    }
    return best?.semantics
  }

  /// Which view printed a text, and what tells: its own wording (`words`:
  /// the table's word, the collection's), else the view named at its end,
  /// else the log around it, else a table view, said as `unknown`.
  static func view(
    worded: ViewSemantics?, words: (table: String, collection: String), named: ViewSemantics?,
    start: Int,
    in text: CrashLogText, unknown: String
  ) -> (ViewSemantics, String) {
    if let own = worded {
      return (own, "the wording (\"\(own == .tableView ? words.table : words.collection)\")")
    }
    if let named { return (named, "the view named at the end of the text") }
    if let nearby = viewNearby(start, in: text) { return (nearby, "the log around the text") }
    return (.tableView, unknown)
  }
}
