extension EditSize {
  /// The record as a JSON object, as the reports write it:
  /// `{"deletes":0,"inserts":0,"moves":1,"reloads":0,"unchangedReloads":0,`
  /// `"minimumDeletes":0,"minimumInserts":0,"minimumMoves":1,`
  /// `"minimumMovesIsBound":false,"sectionDeletes":0,"sectionInserts":0,`
  /// `"sectionMoves":0,"sectionReloads":0,"reloadsChangingIdentity":0,`
  /// `"minimumMovesWithoutReloads":1,"fairMinimumMoves":1,`
  /// `"deletedAndInsertedAgain":0,"extraMoves":0,"unneededDeletes":0,`
  /// `"casesWithUnneededDeletes":0,"casesWithExtraMoves":0}`, then `"cases"`
  /// when given (a total over several cases) and `"sections"` (one object
  /// per section index, the same fields as before, then
  /// `"minimumMovesWithoutReloads"`) when the record has per-section figures.
  package func json(cases: Int? = nil) -> String {
    func field(_ count: (name: String, field: WritableKeyPath<EditSize, Int>)) -> String {
      "\"\(count.name)\":\(self[keyPath: count.field])"
    }
    var fields = Self.firstCounts.prefix(8).map(field)
    fields.append("\"minimumMovesIsBound\":\(minimumMovesIsBound)")
    fields += Self.firstCounts.dropFirst(8).map(field)
    fields += Self.addedCounts.map(field)
    if let cases { fields.append("\"cases\":\(cases)") }
    if !sections.isEmpty {
      let each = sections.map {
        "{\"section\":\($0.section),\"deletes\":\($0.deletes),\"inserts\":\($0.inserts),"
          + "\"moves\":\($0.moves),\"reloads\":\($0.reloads),\"unchangedReloads\":\($0.unchangedReloads),"
          + "\"minimumDeletes\":\($0.minimumDeletes),\"minimumInserts\":\($0.minimumInserts),"
          + "\"minimumMoves\":\($0.minimumMoves),"
          + "\"minimumMovesWithoutReloads\":\($0.minimumMovesWithoutReloads)}"
      }
      fields.append("\"sections\":[" + each.joined(separator: ",") + "]")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The counts of the JSON record's first fields, in order; between the
  /// eighth and the ninth, `minimumMovesIsBound`.
  package static var firstCounts: [(name: String, field: WritableKeyPath<EditSize, Int>)] {
    [
      ("deletes", \.deletes), ("inserts", \.inserts), ("moves", \.moves), ("reloads", \.reloads),
      ("unchangedReloads", \.unchangedReloads), ("minimumDeletes", \.minimumDeletes),
      ("minimumInserts", \.minimumInserts), ("minimumMoves", \.minimumMoves),
      ("sectionDeletes", \.sectionDeletes), ("sectionInserts", \.sectionInserts),
      ("sectionMoves", \.sectionMoves), ("sectionReloads", \.sectionReloads),
    ]
  }

  /// The counts the JSON record gained after its first fields, in order:
  /// a reader of an older report finds none of them.
  package static var addedCounts: [(name: String, field: WritableKeyPath<EditSize, Int>)] {
    [
      ("reloadsChangingIdentity", \.reloadsChangingIdentity),
      ("minimumMovesWithoutReloads", \.minimumMovesWithoutReloads),
      ("fairMinimumMoves", \.fairMinimumMoves),
      ("deletedAndInsertedAgain", \.deletedAndInsertedAgain), ("extraMoves", \.extraMoves),
      ("unneededDeletes", \.unneededDeletes),
      ("casesWithUnneededDeletes", \.casesWithUnneededDeletes),
      ("casesWithExtraMoves", \.casesWithExtraMoves),
    ]
  }

  /// The report's text line: `edit size: 29,701 moves where 27,077 suffice
  /// (1.1×), 2,624 extra; 3 rows deleted and inserted again; 12 unchanged
  /// rows reloaded`. The moves that suffice are `fairMinimumMoves`; the
  /// extra moves and the rows deleted and inserted again are each case's
  /// own excess, added up; the ratio is rounded up.
  package var summary: String {
    var moveText = "\(grouped(moves)) move\(moves == 1 ? "" : "s")"
    let bound = minimumMovesIsBound ? "at most " : ""
    if fairMinimumMoves > 0 {
      moveText += " where \(bound)\(grouped(fairMinimumMoves)) suffice"
      if moves > fairMinimumMoves {
        moveText += " (\(ratioText(moves, over: fairMinimumMoves))×)"
      }
    } else {
      moveText += moves > 0 ? " where none is needed" : ""
    }
    if extraMoves > 0, fairMinimumMoves > 0 {
      moveText += ", \(grouped(extraMoves)) extra"
    }
    let again = deletedAndInsertedAgain
    return
      "edit size: \(moveText); \(grouped(again)) row\(again == 1 ? "" : "s") deleted and inserted again;"
      + " \(grouped(unchangedReloads)) unchanged row\(unchangedReloads == 1 ? "" : "s") reloaded"
  }

  /// The line every text report gives a run's totals (`check`, `corpus
  /// check`, the main job), `summary` and what it adds up: `edit size:
  /// 29,701 moves where 27,077 suffice (1.1×), 2,624 extra; 0 rows deleted
  /// and inserted again; 12 unchanged rows reloaded, over 6468 valid updates`.
  package func summary(over cases: Int) -> String {
    summary + ", over " + counted(cases, "valid update")
  }
}

/// A ratio as the reports write it: one decimal below 10 (`2.8`), whole
/// from 10 (`29`), rounded up, so that a count over the minimum never
/// reads as `1.0`.
package func ratioText(_ ratio: Double) -> String {
  guard ratio.isFinite, ratio < 1e15 else { return String(ratio) }
  if ratio < 10 {
    let tenths = (ratio * 10 - 1e-9).rounded(.up)
    return String(Int(tenths) / 10) + "." + String(Int(tenths) % 10)
  }
  return String(Int((ratio - 1e-9).rounded(.up)))
}

/// `numerator` over `denominator` as the reports write a ratio
/// (`ratioText`), computed on integers so that it is exact: 29,701 over
/// 27,077 is `1.1`, 2 over 1 is `2.0`.
package func ratioText(_ numerator: Int, over denominator: Int) -> String {
  guard denominator > 0, numerator >= 0, numerator <= Int.max / 10 else {
    return ratioText(Double(numerator) / Double(denominator))
  }
  let tenths = (numerator * 10 + denominator - 1) / denominator
  if tenths < 100 { return String(tenths / 10) + "." + String(tenths % 10) }
  return String((numerator + denominator - 1) / denominator)
}

/// `964764` as `964,764`.
package func grouped(_ number: Int) -> String {
  let digits = String(number.magnitude)
  var out = ""
  for (index, digit) in digits.enumerated() {
    if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
    out.append(digit)
  }
  return number < 0 ? "-" + out : out
}
