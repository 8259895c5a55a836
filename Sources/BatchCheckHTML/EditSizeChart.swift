import BatchCheck

/// The chart of a run's edit size (`CheckReport.edits`): for row moves,
/// deletes and inserts, what the valid updates issued against the least
/// any valid update needs (for moves, `EditSize.fairMinimumMoves`), the
/// excesses (each case's own, added up: extra moves, rows deleted and
/// inserted again) and the unchanged rows they reloaded, whose least is 0.
/// Inline SVG, bars scaled to the largest number.
struct EditSizeChart {
  var edits: EditSize
  /// How many valid updates `edits` adds up.
  var cases: Int

  /// One bar: its label, its value and whether it is the least needed.
  private struct Bar {
    var label: String
    var value: Int
    var minimum: Bool
  }

  /// The bars in order, two per operation (issued, then needed) with the
  /// extra moves after the moves and the rows deleted and inserted again
  /// after the inserts, then the unchanged reloads.
  private var bars: [Bar] {
    [
      Bar(label: "moves issued", value: edits.moves, minimum: false),
      Bar(
        label: edits.minimumMovesIsBound ? "moves needed, at most" : "moves needed",
        value: edits.fairMinimumMoves,
        minimum: true),
      Bar(label: "extra moves", value: edits.extraMoves, minimum: false),
      Bar(label: "deletes issued", value: edits.deletes, minimum: false),
      Bar(label: "deletes needed", value: edits.minimumDeletes, minimum: true),
      Bar(label: "inserts issued", value: edits.inserts, minimum: false),
      Bar(label: "inserts needed", value: edits.minimumInserts, minimum: true),
      Bar(label: "deleted again", value: edits.deletedAndInsertedAgain, minimum: false),
      Bar(label: "unchanged reloads", value: edits.unchangedReloads, minimum: false),
    ]
  }

  func html() -> String {
    var html = "<section class=\"edits\">\n<h2>Edit size: \(counted(cases, "valid update"))</h2>\n"
    html += "<p class=\"note\">\(markupEscaped(edits.summary))</p>\n"
    let rowHeight = 20
    let barX = 150
    let barWidth = 400
    let bars = bars
    let largest = max(1, bars.map(\.value).max() ?? 1)
    let height = bars.count * rowHeight + 8
    let width = barX + barWidth + 160
    var svg =
      "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\""
    svg += " height=\"\(height)\" aria-label=\"edit size\">\n"
    for (index, bar) in bars.enumerated() {
      let y = index * rowHeight
      let length =
        bar.value == 0
        ? 0 : max(1, Int((Double(bar.value) / Double(largest) * Double(barWidth)).rounded()))
      svg +=
        "<text class=\"chart-label\" x=\"0\" y=\"\(y + 14)\">\(markupEscaped(bar.label))</text>"
      svg +=
        "<rect class=\"\(bar.minimum ? "edit-bar needed" : "edit-bar issued")\" x=\"\(barX)\" y=\"\(y + 3)\""
      svg += " width=\"\(length)\" height=\"\(rowHeight - 6)\"><title>\(markupEscaped(bar.label)):"
      svg += " \(grouped(bar.value))</title></rect>"
      svg +=
        "<text class=\"chart-value\" x=\"\(barX + barWidth + 8)\" y=\"\(y + 14)\">\(grouped(bar.value))</text>\n"
    }
    svg += "</svg>\n"
    html += svg
    html +=
      "<p class=\"note\">Bars: what the valid updates issued (dark) against the least any valid update"
    html +=
      " of the same pairs needs (light), summed over the run; an unchanged reload is never needed.</p>\n"
    return html + "</section>\n"
  }
}
