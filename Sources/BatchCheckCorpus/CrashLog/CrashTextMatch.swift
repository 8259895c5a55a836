import BatchCheck

/// One of UIKit's texts (a `UIKitTextTemplate`) found in a log, with the
/// numbers read from it.
///
///     CrashTextMatch.all(in: CrashLogText("reason: 'attempt to delete section 4, but there are only 2 sections before the update'"))
///     // one match: form deleteSectionBeyondSections, values [0: 4, 1: 2]
struct CrashTextMatch {
  /// The text found.
  var template: UIKitTextTemplate
  /// The numbers read, by the form's argument index; a number the quote cut
  /// off is missing.
  var values: [Int: Int]
  /// Where the text starts in the stripped log.
  var start: Int
  /// Where it ends (exclusive) in the stripped log.
  var end: Int
  /// Whether the start of the text was cut off.
  var partial: Bool

  /// The shortest piece a cut-off quote may start with: shorter pieces
  /// ("), ", " to ") say too little to name a text.
  static let shortestStartPiece = 10

  private static let squeezedPieces: [(UIKitTextTemplate, [[UInt8]])] = UIKitTextTemplate.all.map {
    ($0, $0.pieces.map(CrashLogText.squeezed))
  }

  /// Every UIKit text of `text`, in order; a text found inside a longer one
  /// (a cut-off reading of the same quote) is dropped.
  ///
  /// - Complexity: O(*t* × *n*), where *t* is the number of template pieces
  ///   and *n* the length of the log.
  static func all(in text: CrashLogText) -> [CrashTextMatch] {
    var found: [CrashTextMatch] = []
    // Many templates share pieces: each distinct piece is searched for once.
    let occurrences = text.occurrences(of: squeezedPieces.flatMap { $0.1 })
    for (template, pieces) in squeezedPieces {
      // A cut-off quote starts at a later piece, long enough to name the text, with a number still after it.
      for k in pieces.indices
      where k == 0 || (pieces[k].count >= shortestStartPiece && k < template.holes.count) {
        for position in occurrences[pieces[k]] ?? [] {
          guard var match = matchForward(template, pieces, from: k, at: position, in: text) else {
            continue
          }
          if k > 0,
            case .number(let argument)? = template.holes.indices.contains(k - 1)
              ? template.holes[k - 1] : nil
          {
            // The number just before a cut-off quote's first full piece.
            var digitsStart = position
            while digitsStart > 0, text.stripped[digitsStart - 1] >= 0x30,
              text.stripped[digitsStart - 1] <= 0x39
            {
              digitsStart -= 1
            }
            if digitsStart < position, let number = text.number(at: digitsStart),
              number.end == position
            {
              match.values[argument] = number.value
              match.start = digitsStart
            }
          }
          if k > 0,
            case .path(let argument)? = template.holes.indices.contains(k - 1)
              ? template.holes[k - 1] : nil,
            let path = pathEnding(at: position, in: text)
          {
            // The index path just before a cut-off quote's first full piece.
            match.values[argument] = path.section
            match.values[argument + 1] = path.row
            match.start = path.start
          }
          found.append(match)
        }
      }
    }
    return removingContained(found)
  }

  /// Reads the template forward from piece `k`, which starts at `position`.
  private static func matchForward(
    _ template: UIKitTextTemplate, _ pieces: [[UInt8]], from k: Int, at position: Int,
    in text: CrashLogText
  ) -> CrashTextMatch? {
    var values: [Int: Int] = [:]
    var cursor = position + pieces[k].count
    func keep(_ argument: Int, _ value: Int) -> Bool {
      if let known = values[argument], known != value { return false }
      values[argument] = value
      return true
    }
    for index in k..<template.holes.count {
      switch template.holes[index] {
      case .number(let argument):
        guard let number = text.number(at: cursor), keep(argument, number.value) else { return nil }
        cursor = number.end
      case .path(let argument):
        guard let path = text.indexPath(at: cursor), keep(argument, path.section),
          keep(argument + 1, path.row)
        else { return nil }
        cursor = path.end
      }
      guard text.has(pieces[index + 1], at: cursor) else { return nil }
      cursor += pieces[index + 1].count
    }
    return CrashTextMatch(
      template: template, values: values, start: position, end: cursor, partial: k > 0)
  }

  /// The index path (`{length=2,path=S-R}`, squeezed) that ends just before `end`.
  private static func pathEnding(at end: Int, in text: CrashLogText) -> (
    section: Int, row: Int, start: Int
  )? {
    let open = CrashLogText.squeezed("{length = 2, path = ")
    var start = end - open.count - 4
    while start >= max(0, end - 64) {
      if text.has(open, at: start), let path = text.indexPath(at: start), path.end == end {
        return (path.section, path.row, start)
      }
      start -= 1
    }
    return nil
  }

  /// `matches` without those that lie inside another, sorted by start.
  static func removingContained(_ matches: [CrashTextMatch]) -> [CrashTextMatch] {
    let sorted = matches.sorted { ($0.start, -$0.end) < ($1.start, -$1.end) }
    var kept: [CrashTextMatch] = []
    for match in sorted {
      if let last = kept.last, match.start >= last.start, match.end <= last.end { continue }
      kept.append(match)
    }
    return kept
  }
}
