import BatchCheck

/// UIKit's "Invalid batch updates detected" text (R2b) found in a log: which
/// wording its first sentence has, the data source's counts before and
/// after, and the update items it lists.
///
///     Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.
///     Data source before updates = { 1 section with row counts: [30] }
///     Data source after updates = { 1 section with row counts: [29] }
///     Updates = [
///     	Delete row (0 - 0),
///     	Insert row (0 - 0)
///     ]
///     Table view: <UITableView: 0x7f8…>
///
/// The first sentence is UIKit's as `UIKitMessages` prints it, in its two
/// wordings: "before and/or after" (iOS 16.4 to 17.0) and "before and after"
/// (iOS 17.1 on).
struct InvalidBatchUpdatesText {
  /// Which first sentence: nil when the quote cut it off.
  enum Wording: Equatable {
    /// "before and/or after performing the batch updates": iOS 16.4 to 17.0.
    case beforeAndOrAfter
    /// "before and after performing the batch updates": iOS 17.1 and later.
    case beforeAndAfter
  }

  /// One entry of `Updates = [ … ]`.
  enum Item: Equatable {
    case deleteRow(RowPath)
    case insertRow(RowPath)
    case deleteSection(Int)
    case insertSection(Int)
    case moveRow(RowPath, RowPath)
    case moveSection(Int, Int)
  }

  var wording: Wording?
  /// The view the wording names ("rows" or "items"); nil when the quote does not say.
  var semantics: ViewSemantics?
  /// The row counts before the update, one per section; nil when not read in full.
  var before: [Int]?
  /// The row counts the data source returned after the update; nil when not read in full.
  var after: [Int]?
  /// The update items; nil when not read in full (cut, or an entry BatchCheck cannot read).
  var updates: [Item]?
  /// Where the text starts and ends (exclusive) in the stripped log.
  var start: Int
  var end: Int
  /// Whether the quote's start was cut off.
  var partial: Bool

  /// The first sentence's four forms (two wordings, two views), squeezed.
  private static let firstSentences: [(Wording, ViewSemantics, [UInt8])] = {
    var forms: [(Wording, ViewSemantics, [UInt8])] = []
    for semantics in ViewSemantics.allCases {
      let text = UIKitMessages(semantics, uikit: .ios18).invalidBatchUpdates(
        before: [], beforeSections: 0, after: [], afterSections: 0, updates: [])
      let late = String(text.prefix { $0 != "\n" })
      let early = late.replacingFirst(
        UIKitMessages.firstSentenceWording, with: UIKitMessages.earlyFirstSentenceWording)
      forms.append((.beforeAndAfter, semantics, CrashLogText.squeezed(late)))
      forms.append((.beforeAndOrAfter, semantics, CrashLogText.squeezed(early)))
    }
    return forms
  }()

  /// The end of the first sentence, the same in every form.
  private static let sentenceEnd = CrashLogText.squeezed(
    "performing the batch updates are inconsistent with the updates.")
  private static let beforeLine = CrashLogText.squeezed("Data source before updates =")
  private static let afterLine = CrashLogText.squeezed("Data source after updates =")
  private static let updatesLine = CrashLogText.squeezed("Updates = [")

  /// Every R2b text of `text`, in order.
  static func all(in text: CrashLogText) -> [InvalidBatchUpdatesText] {
    var found: [InvalidBatchUpdatesText] = []
    var consumedUpTo = -1
    let anchorsFound = text.occurrences(of: [sentenceEnd, beforeLine, afterLine])
    let anchors =
      (anchorsFound[sentenceEnd] ?? []).map { ($0, true) }
      + ((anchorsFound[beforeLine] ?? []) + (anchorsFound[afterLine] ?? [])).map { ($0, false) }
    for (position, isSentence) in anchors.sorted(by: { $0.0 < $1.0 }) where position >= consumedUpTo
    {
      var reading = InvalidBatchUpdatesText(start: position, end: position, partial: true)
      var cursor = position
      if isSentence {
        reading.readFirstSentence(endingAt: position + sentenceEnd.count, in: text)
        cursor = position + sentenceEnd.count
      }
      reading.end = cursor
      reading.readBody(from: cursor, in: text)
      consumedUpTo = reading.end
      found.append(reading)
    }
    return found
  }

  /// Matches the first sentence backwards from its end: the form with the
  /// longest common tail names the wording and the view, if the quote
  /// reaches back far enough to tell.
  private mutating func readFirstSentence(endingAt end: Int, in text: CrashLogText) {
    let lengths = Self.firstSentences.map { _, _, form in
      var length = 0
      while length < form.count, end - length - 1 >= 0,
        text.stripped[end - length - 1] == form[form.count - length - 1]
      {
        length += 1
      }
      return length
    }
    let longest = lengths.max() ?? 0
    let best = zip(Self.firstSentences, lengths).filter { $0.1 == longest }.map(\.0)
    start = end - longest
    partial = !best.contains { $0.2.count == longest }
    // A wording or a view is told only when every form that reaches as far back agrees on it.
    if let first = best.first {
      if best.allSatisfy({ $0.0 == first.0 }) { wording = first.0 }
      if best.allSatisfy({ $0.1 == first.1 }) { semantics = first.1 }
    }
  }

  /// Reads the counts, the update items and the view line after `cursor`.
  private mutating func readBody(from cursor: Int, in text: CrashLogText) {
    var position = cursor
    // A quote cut at a line may start at the after line.
    if text.has(Self.beforeLine, at: position) {
      end = position + Self.beforeLine.count
      guard let before = Self.counts(at: position + Self.beforeLine.count, in: text) else {
        return
      }
      self.before = before.counts
      if semantics == nil { semantics = before.semantics }
      position = before.end
      end = position
    }
    guard text.has(Self.afterLine, at: position) else { return }
    end = position + Self.afterLine.count
    guard let after = Self.counts(at: position + Self.afterLine.count, in: text) else { return }
    self.after = after.counts
    position = after.end
    end = position
    guard text.has(Self.updatesLine, at: position) else { return }
    position += Self.updatesLine.count
    var items: [Item]? = []
    while position < text.stripped.count, text.stripped[position] != UInt8(ascii: "]") {
      if let item = Self.item(at: position, in: text) {
        items?.append(item.item)
        position = item.end
      } else {
        // An entry BatchCheck cannot read (or "… 3 more"): the list is not known in full.
        items = nil
        while position < text.stripped.count, text.stripped[position] != UInt8(ascii: ","),
          text.stripped[position] != UInt8(ascii: "]")
        {
          position += 1
        }
      }
      if position < text.stripped.count, text.stripped[position] == UInt8(ascii: ",") {
        position += 1
      }
      if position - end > 1_000_000 { break }
    }
    guard position < text.stripped.count else { return }
    updates = items
    end = position + 1
  }

  /// `{ 2 sections with row counts: [3, 4] }`, squeezed.
  private static func counts(
    at index: Int, in text: CrashLogText
  ) -> (counts: [Int]?, semantics: ViewSemantics?, end: Int)? {
    var position = index
    guard text.has(CrashLogText.squeezed("{"), at: position),
      let sections = text.number(at: position + 1)
    else { return nil }
    position = sections.end
    for word in ["sections", "section"] where text.has(CrashLogText.squeezed(word), at: position) {
      position += word.count
      break
    }
    guard text.has(CrashLogText.squeezed("with"), at: position) else { return nil }
    position += 4
    var semantics: ViewSemantics?
    if text.has(CrashLogText.squeezed("row"), at: position) {
      semantics = .tableView
      position += 3
    } else if text.has(CrashLogText.squeezed("item"), at: position) {
      semantics = .collectionView
      position += 4
    } else {
      return nil
    }
    guard text.has(CrashLogText.squeezed("counts:["), at: position) else { return nil }
    position += 8
    var counts: [Int] = []
    var complete = true
    while position < text.stripped.count, text.stripped[position] != UInt8(ascii: "]") {
      if let number = text.number(at: position) {
        counts.append(number.value)
        position = number.end
      } else {
        complete = false
        position += 1
      }
      if position < text.stripped.count, text.stripped[position] == UInt8(ascii: ",") {
        position += 1
      }
    }
    guard text.has(CrashLogText.squeezed("]}"), at: position) else { return nil }
    return (complete && counts.count == sections.value ? counts : nil, semantics, position + 2)
  }

  /// One entry: `Delete row (0 - 1)`, `Insert section 2`, `Move row (0 - 1) -> (0 - 0)`, `Move section 0 -> 2`.
  private static func item(at index: Int, in text: CrashLogText) -> (item: Item, end: Int)? {
    var position = index
    var kind = ""
    for word in ["Delete", "Insert", "Move"]
    where text.has(CrashLogText.squeezed(word), at: position) {
      kind = word
      position += word.count
      break
    }
    guard !kind.isEmpty else { return nil }
    if text.has(CrashLogText.squeezed("section"), at: position) {
      guard let first = text.number(at: position + 7) else { return nil }
      if kind != "Move" {
        return (
          kind == "Delete" ? .deleteSection(first.value) : .insertSection(first.value), first.end
        )
      }
      guard text.has(CrashLogText.squeezed("->"), at: first.end),
        let to = text.number(at: first.end + 2)
      else { return nil }
      return (.moveSection(first.value, to.value), to.end)
    }
    for word in ["row", "item"] where text.has(CrashLogText.squeezed(word), at: position) {
      position += word.count
      break
    }
    func path(at index: Int) -> (RowPath, Int)? {
      guard text.has(CrashLogText.squeezed("("), at: index),
        let section = text.number(at: index + 1),
        text.has(CrashLogText.squeezed("-"), at: section.end),
        let row = text.number(at: section.end + 1),
        text.has(CrashLogText.squeezed(")"), at: row.end)
      else { return nil }
      return (RowPath(section.value, row.value), row.end + 1)
    }
    guard let (from, afterFrom) = path(at: position) else { return nil }
    switch kind {
    case "Delete": return (.deleteRow(from), afterFrom)
    case "Insert": return (.insertRow(from), afterFrom)
    default:
      guard text.has(CrashLogText.squeezed("->"), at: afterFrom),
        let (to, end) = path(at: afterFrom + 2)
      else { return nil }
      return (.moveRow(from, to), end)
    }
  }
}

extension String {
  /// The string with the first occurrence of `target` replaced.
  fileprivate func replacingFirst(_ target: String, with replacement: String) -> String {
    let characters = Array(self)
    let needle = Array(target)
    guard !needle.isEmpty, characters.count >= needle.count else { return self }
    for start in 0...(characters.count - needle.count)
    where Array(characters[start..<start + needle.count]) == needle {
      return String(characters[..<start]) + replacement
        + String(characters[(start + needle.count)...])
    }
    return self
  }
}
