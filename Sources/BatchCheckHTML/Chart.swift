import BatchCheck

/// The chart of what the random phase generated: one bar per coverage
/// statistic (share of cases, with its floor when the floor applies to the
/// run), size bands and coverage apart.
struct Chart {
  var statistics: CaseStatistics
  var sectioned: Bool
  var identityOnly: Bool
  var maxSize: Int

  func html() -> String {
    var html =
      "<section class=\"generated\">\n<h2>Generated: \(statistics.cases) random cases</h2>\n"
    guard statistics.cases > 0 else {
      return html + "<p class=\"note\">The random phase generated no case.</p>\n</section>\n"
    }
    let rowHeight = 20
    let barX = 170
    let scale = 4  // pixels per percent
    let groups: [(String, [CoverageStatistic])] = [
      ("size (rows of the larger side)", [.size0, .size1to8, .size9to32, .size33plus]),
      ("coverage", [.duplicates, .moves, .emptySide, .contentChanges, .severalSections]),
    ]
    let lines = groups.reduce(0) { $0 + $1.1.count + 1 }
    let height = lines * rowHeight + 8
    let width = barX + 100 * scale + 230
    var svg =
      "<svg class=\"chart\" role=\"img\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\""
    svg += " height=\"\(height)\" aria-label=\"generated cases\">\n"
    var y = 0
    for (name, group) in groups {
      svg += "<text class=\"chart-group\" x=\"0\" y=\"\(y + 14)\">\(markupEscaped(name))</text>\n"
      y += rowHeight
      for statistic in group {
        let count = statistic.count(in: statistics)
        let percent = Double(count) * 100 / Double(statistics.cases)
        let floor = statistic.applies(
          sectioned: sectioned, identityOnly: identityOnly, maxSize: maxSize)
        let low = floor && percent < Double(statistic.floorPercent)
        svg += "<text class=\"chart-label\" x=\"12\" y=\"\(y + 14)\">\(Self.name(statistic))</text>"
        svg += "<rect class=\"\(low ? "bar low" : "bar")\" x=\"\(barX)\" y=\"\(y + 3)\""
        svg +=
          " width=\"\(max(1, Int((percent * Double(scale)).rounded())))\" height=\"\(rowHeight - 6)\"/>"
        if floor {
          let x = barX + statistic.floorPercent * scale
          svg +=
            "<line class=\"floor\" x1=\"\(x)\" y1=\"\(y + 1)\" x2=\"\(x)\" y2=\"\(y + rowHeight - 1)\">"
          svg += "<title>floor \(statistic.floorPercent)%</title></line>"
        }
        let shown = (percent * 10).rounded() / 10
        svg += "<text class=\"chart-value\" x=\"\(barX + 100 * scale + 8)\" y=\"\(y + 14)\">"
        svg += "\(count) (\(shown)%)\(floor ? ", floor \(statistic.floorPercent)%" : "")</text>\n"
        y += rowHeight
      }
    }
    svg += "</svg>\n"
    html += svg
    html += "<p class=\"note\">Bars: share of the random cases with each feature; a tick marks the"
    html += " floor a run must reach (a red bar is below it).</p>\n</section>\n"
    return html
  }

  private static func name(_ statistic: CoverageStatistic) -> String {
    switch statistic {
    case .duplicates: "duplicates"
    case .moves: "moves"
    case .emptySide: "an empty side"
    case .contentChanges: "content changes"
    case .severalSections: "several sections"
    case .size0: "0 rows"
    case .size1to8: "1 to 8 rows"
    case .size9to32: "9 to 32 rows"
    case .size33plus: "33 rows or more"
    }
  }
}
