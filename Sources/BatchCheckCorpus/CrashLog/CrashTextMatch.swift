import BatchCheck

/// One text (a `CrashTextTemplate`) found in a log by its fixed phrases, with
/// the numbers and identifiers read from it and what the log left out.
///
///     CrashTextMatch.all(in: CrashLogText("reason: 'attempt to delete section 4, but there are only 2 sections before the update'"))
///     // one match: R5, values [0: 4, 1: 2]
///
/// A match may start inside a phrase (the quote's start was cut off), end
/// inside one or inside a number (its end was cut off), or lack the final
/// period; letters are compared without regard to case, and white space,
/// line breaks and JSON escapes are ignored (`CrashLogText`).
struct CrashTextMatch {
  /// The text found.
  var template: CrashTextTemplate
  /// The numbers read, by the form's argument index; a number the quote cut
  /// off is missing.
  var values: [Int: Int]
  /// The identifiers read, by hole index (a diffable text's ids).
  var identifiers: [Int: String] = [:]
  /// The identifier lists read, by hole index.
  var identifierLists: [Int: [String]] = [:]
  /// Where the text starts in the stripped log.
  var start: Int
  /// Where it ends (exclusive) in the stripped log.
  var end: Int
  /// Whether the start of the text was cut off.
  var partial: Bool
  /// Whether the end of the text was cut off (more than the final period).
  var cutEnd = false
  /// Whether the text lacks only its final period.
  var missingPeriod = false
  /// The number of the template's fixed bytes the log holds.
  var matchedLiteral = 0
  /// Where the last hole read starts.
  private var holeStart = 0
  /// Other templates that fit the same stretch of the log as well (a text
  /// cut before the words that tell two texts, or two views, apart).
  var alternatives: [CrashTextTemplate] = []

  /// The shortest piece a cut-off quote may start with: shorter pieces
  /// ("), ", " to ") say too little to name a text.
  static let shortestStartPiece = 10
  /// The longest tail of a piece searched for: a quote cut inside a phrase
  /// still holds its tail.
  static let anchorLength = 20
  /// The fewest fixed bytes a match must hold to name a text.
  static let leastEvidence = 20
  /// The fewest for a match that holds the text's start ("attempt to delete row").
  static let leastWholeStart = 16

  /// Every text of `text`, in order; a text found inside a longer one (a
  /// cut-off reading of the same quote) is dropped.
  ///
  /// - Complexity: O(*n* + *c* × *m*), where *n* is the length of the log,
  ///   *c* the number of places where an anchor (a piece's tail or a first
  ///   piece's head) starts and *m* the length of the longest text.
  static func all(in text: CrashLogText) -> [CrashTextMatch] {
    let templates = CrashTextTemplate.all
    // Each piece's tail, and the head of a long first piece (a text cut inside its first phrase).
    var anchors: [(template: Int, k: Int, anchor: [UInt8], head: Bool)] = []
    for (index, template) in templates.enumerated() {
      for (k, piece) in template.pieces.enumerated()
      where piece.count >= (k == 0 ? 2 : shortestStartPiece) {
        anchors.append((index, k, anchor(of: piece), false))
        if k == 0, piece.count > anchorLength {
          anchors.append((index, k, Array(piece.prefix(anchorLength)), true))
        }
      }
    }
    // Many templates share pieces: each distinct anchor is searched for once.
    let occurrences = text.occurrences(of: anchors.map(\.anchor))
    var found: [CrashTextMatch] = []
    for (index, k, anchor, head) in anchors {
      for position in occurrences[anchor] ?? [] {
        let match =
          head
          ? match(templates[index], from: 0, anchorEnd: position, headAnchored: true, in: text)
          : match(templates[index], from: k, anchorEnd: position + anchor.count, in: text)
        if let match { found.append(match) }
      }
    }
    return removingContained(found)
  }

  /// The part of a piece searched for: its tail, without a final period
  /// (which the log may lack).
  static func anchor(of piece: [UInt8]) -> [UInt8] {
    Array(piece[..<core(of: piece)].suffix(anchorLength))
  }

  /// The length of `piece` without its final period.
  private static func core(of piece: [UInt8]) -> Int {
    piece.count > 1 && piece.last == UInt8(ascii: ".") ? piece.count - 1 : piece.count
  }

  /// Reads `template` from piece `k`, whose anchor ends at `anchorEnd`: back
  /// over as much of the piece as the log holds, then forward over the holes
  /// and pieces until the log ends or departs from the text.
  private static func match(
    _ template: CrashTextTemplate, from k: Int, anchorEnd: Int, headAnchored: Bool = false,
    in text: CrashLogText
  ) -> CrashTextMatch? {
    let piece = template.pieces[k]
    // A head anchor is read forward from the piece's first byte.
    let core = headAnchored ? 0 : core(of: piece)
    var length = 0
    while length < core, anchorEnd - length - 1 >= 0,
      text.stripped[anchorEnd - length - 1] == piece[core - length - 1]
    {
      length += 1
    }
    var match = CrashTextMatch(
      template: template, values: [:], start: anchorEnd - length, end: anchorEnd,
      partial: k > 0 || length < core, matchedLiteral: length)
    if headAnchored { match.partial = false }
    if k > 0, length == core { match.readHoleBefore(k, in: text) }
    var holesRead = 0
    var cursor = anchorEnd
    var pieceIndex = k
    var from = core
    while true {
      // The rest of the current piece.
      let next = template.pieces[pieceIndex]
      var common = 0
      while from + common < next.count, cursor + common < text.stripped.count,
        text.stripped[cursor + common] == next[from + common]
      {
        common += 1
      }
      if common == 0, from < next.count, pieceIndex > k,
        case .number(let argument) = template.holes[pieceIndex - 1]
      {
        // The number before may itself be cut: "(2" of "(20)".
        match.values[argument] = nil
        match.cutEnd = true
        cursor = match.holeStart
        break
      }
      cursor += common
      match.matchedLiteral += common
      if from + common < next.count {
        if pieceIndex == template.holes.count, from + common == next.count - 1,
          next.last == UInt8(ascii: ".")
        {
          match.missingPeriod = true
        } else {
          match.cutEnd = true
        }
        break
      }
      guard pieceIndex < template.holes.count else { break }
      match.holeStart = cursor
      guard let after = match.read(template.holes[pieceIndex], at: cursor, in: text) else {
        match.cutEnd = true
        break
      }
      holesRead += 1
      cursor = after
      pieceIndex += 1
      from = 0
    }
    match.end = cursor
    // A cut text names its rule by a number read, or by its whole first phrase.
    let enough =
      (match.matchedLiteral >= leastEvidence
        || (!match.partial && match.matchedLiteral >= leastWholeStart))
      && (holesRead > 0 || template.holes.isEmpty || !match.cutEnd || !match.partial)
    return enough ? match : nil
  }

  /// Reads one hole at `cursor`; the offset after it, nil when the log
  /// holds no such thing there.
  private mutating func read(_ hole: CrashTextTemplate.Hole, at cursor: Int, in text: CrashLogText)
    -> Int?
  {
    func keep(_ argument: Int, _ value: Int) -> Bool {
      if let known = values[argument], known != value { return false }
      values[argument] = value
      return true
    }
    switch hole {
    case .number(let argument):
      guard let number = text.number(at: cursor), keep(argument, number.value) else { return nil }
      return number.end
    case .path(let argument):
      guard let path = text.indexPath(at: cursor), keep(argument, path.section),
        keep(argument + 1, path.row)
      else { return nil }
      return path.end
    case .identifier(let index):
      guard let id = text.identifier(at: cursor) else { return nil }
      identifiers[index] = id.text
      return id.end
    case .identifiers(let index):
      guard let list = text.identifierList(at: cursor) else { return nil }
      identifierLists[index] = list.ids
      if !list.closed { cutEnd = true }
      return list.end
    case .pointer:
      guard text.has(CrashLogText.squeezed("0x"), at: cursor) else { return nil }
      var end = cursor + 2
      while end < text.stripped.count, Self.isHexDigit(text.stripped[end]) { end += 1 }
      return end
    }
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66)
  }

  /// The number or index path just before a cut-off quote's first full piece `k`.
  private mutating func readHoleBefore(_ k: Int, in text: CrashLogText) {
    switch template.holes[k - 1] {
    case .number(let argument):
      var digitsStart = start
      while digitsStart > 0, text.stripped[digitsStart - 1] >= 0x30,
        text.stripped[digitsStart - 1] <= 0x39
      {
        digitsStart -= 1
      }
      if digitsStart < start, let number = text.number(at: digitsStart), number.end == start {
        values[argument] = number.value
        start = digitsStart
      }
    case .path(let argument):
      if let path = Self.pathEnding(at: start, in: text) {
        values[argument] = path.section
        values[argument + 1] = path.row
        start = path.start
      }
    case .identifier, .identifiers, .pointer:
      break
    }
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

  /// The bytes of the template the log does not hold.
  var missingLiteral: Int { template.literalCount - matchedLiteral }

  /// `matches` without those that lie inside another, sorted by start. Of
  /// matches over the same stretch, the one that misses the fewest of its
  /// template's bytes is kept; when the text is cut, the others become its
  /// `alternatives`.
  static func removingContained(_ matches: [CrashTextMatch]) -> [CrashTextMatch] {
    let sorted = matches.sorted {
      ($0.start, -$0.end, $0.missingLiteral) < ($1.start, -$1.end, $1.missingLiteral)
    }
    var kept: [CrashTextMatch] = []
    for match in sorted {
      if let last = kept.last, match.start >= last.start, match.end <= last.end {
        if match.start == last.start, match.end == last.end, match.cutEnd || match.partial {
          kept[kept.count - 1].alternatives.append(match.template)
        }
        continue
      }
      kept.append(match)
    }
    return kept
  }
}
