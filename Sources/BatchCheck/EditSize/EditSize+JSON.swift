extension EditSize {
  /// The record as a JSON object, as the reports write it:
  /// `{"deletes":0,"inserts":0,"moves":1,"reloads":0,"unchangedReloads":0,`
  /// `"minimumDeletes":0,"minimumInserts":0,"minimumMoves":1,`
  /// `"minimumMovesIsBound":false,"sectionDeletes":0,"sectionInserts":0,`
  /// `"sectionMoves":0,"sectionReloads":0}`, then `"cases"` when given (a
  /// total over several cases) and `"sections"` (one object per section
  /// index, the same fields) when the record has per-section figures.
  package func json(cases: Int? = nil) -> String {
    var fields = [
      "\"deletes\":\(deletes)", "\"inserts\":\(inserts)", "\"moves\":\(moves)",
      "\"reloads\":\(reloads)", "\"unchangedReloads\":\(unchangedReloads)",
      "\"minimumDeletes\":\(minimumDeletes)", "\"minimumInserts\":\(minimumInserts)",
      "\"minimumMoves\":\(minimumMoves)", "\"minimumMovesIsBound\":\(minimumMovesIsBound)",
      "\"sectionDeletes\":\(sectionDeletes)", "\"sectionInserts\":\(sectionInserts)",
      "\"sectionMoves\":\(sectionMoves)", "\"sectionReloads\":\(sectionReloads)",
    ]
    if let cases { fields.append("\"cases\":\(cases)") }
    if !sections.isEmpty {
      let each = sections.map {
        "{\"section\":\($0.section),\"deletes\":\($0.deletes),\"inserts\":\($0.inserts),"
          + "\"moves\":\($0.moves),\"reloads\":\($0.reloads),\"unchangedReloads\":\($0.unchangedReloads),"
          + "\"minimumDeletes\":\($0.minimumDeletes),\"minimumInserts\":\($0.minimumInserts),"
          + "\"minimumMoves\":\($0.minimumMoves)}"
      }
      fields.append("\"sections\":[" + each.joined(separator: ",") + "]")
    }
    return "{" + fields.joined(separator: ",") + "}"
  }

  /// The report's text line: `edit size: 964,764 moves where 33,012
  /// suffice (29×); 0 rows deleted and inserted again; 12 unchanged rows
  /// reloaded`.
  package var summary: String {
    var moveText = "\(grouped(moves)) move\(moves == 1 ? "" : "s")"
    let bound = minimumMovesIsBound ? "at most " : ""
    if minimumMoves > 0 {
      moveText += " where \(bound)\(grouped(minimumMoves)) suffice"
      if let ratio = moveRatio, moves > minimumMoves {
        moveText += " (\(ratioText(ratio))×)"
      }
    } else {
      moveText += moves > 0 ? " where none is needed" : ""
    }
    let again = rowsDeletedAndInsertedAgain
    return
      "edit size: \(moveText); \(grouped(again)) row\(again == 1 ? "" : "s") deleted and inserted again;"
      + " \(grouped(unchangedReloads)) unchanged row\(unchangedReloads == 1 ? "" : "s") reloaded"
  }

  /// The line every text report gives a run's totals (`check`, `corpus
  /// check`, the main job), `summary` and what it adds up: `edit size: 964,764
  /// moves where 33,012 suffice (29×); 0 rows deleted and inserted again; 12
  /// unchanged rows reloaded, over 6468 valid updates`.
  package func summary(over cases: Int) -> String {
    summary + ", over " + counted(cases, "valid update")
  }
}

/// A ratio as the reports write it: one decimal below 10 (`2.8`), whole
/// above (`29`), rounded down.
package func ratioText(_ ratio: Double) -> String {
  ratio < 10 ? String(Double(Int(ratio * 10)) / 10) : String(Int(ratio))
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
