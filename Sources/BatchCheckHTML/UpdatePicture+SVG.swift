import BatchCheck

/// The geometry of a picture, in SVG user units (pixels at scale 1).
private enum Geometry {
  static let rowHeight = 20
  static let top = 34
  static let oldX = 14
  static let columnWidth = 280
  static let newX = oldX + columnWidth + 200
  static let noteX = newX + columnWidth + 22
  static let width = noteX + 300
  /// Characters of a row's label, with and without a badge beside it.
  static let labelCharacters = 26
  static let labelCharactersWithBadge = 17
}

extension UpdatePicture {
  /// The picture as an inline SVG element. `id` makes its element ids
  /// (arrow head, marker) unique in the page.
  ///
  /// Every row label has the class `label`; the failing cell's circle has
  /// the class `bc-marker` (and the id `marker-<id>`): what the browser
  /// check measures.
  func svg(id: String) -> String {
    let (oldItems, newItems) = layout()
    let (body, bottom, places) = columns(oldItems, newItems)
    let lines = connectorLines(places, id: id)
    let finding = findingMarker(places, id: id)
    let height = bottom + 8
    var svg = "<svg class=\"picture\" role=\"img\" viewBox=\"0 0 \(Geometry.width) \(height)\""
    svg +=
      " width=\"\(Geometry.width)\" height=\"\(height)\" aria-label=\"\(markupEscaped(title))\">\n"
    svg +=
      "<defs><marker id=\"arrow-\(id)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\""
    svg +=
      " markerHeight=\"7\" orient=\"auto\"><path d=\"M 0 0 L 10 5 L 0 10 z\" class=\"arrowhead\"/></marker></defs>\n"
    svg += "<text class=\"column\" x=\"\(Geometry.oldX)\" y=\"18\">before: the old rows</text>\n"
    svg +=
      "<text class=\"column\" x=\"\(Geometry.newX)\" y=\"18\">after: the data source&#39;s new rows</text>\n"
    if marker != nil {
      svg += "<text class=\"column\" x=\"\(Geometry.noteX)\" y=\"18\">finding</text>\n"
    }
    return svg + lines + body + finding + "</svg>\n"
  }

  /// The two columns' elements, old then new, with the bottom of the longer
  /// column and where each row and header went.
  private func columns(
    _ oldItems: [PictureItem], _ newItems: [PictureItem]
  ) -> (body: String, bottom: Int, places: RowPlaces) {
    var places = RowPlaces()
    var body = ""
    var bottom = Geometry.top
    for (side, items) in [(PictureSide.old, oldItems), (.new, newItems)] {
      var y = Geometry.top
      let x = side == .old ? Geometry.oldX : Geometry.newX
      for item in items {
        switch item {
        case .header(let section):
          if side == .old { places.oldHeaderY[section] = y } else { places.newHeaderY[section] = y }
          body += header(side, section: section, x: x, y: y)
        case .row(let section, let row):
          if side == .old {
            places.oldY[RowPath(section, row)] = y
          } else {
            places.newY[RowPath(section, row)] = y
          }
          body += rowElement(side, section: section, row: row, x: x, y: y)
        case .rows(let count, let changed):
          let text =
            changed == 0
            ? "… \(counted(count, "unchanged row")) …"
            : "… \(counted(count, "row")), \(changed) of them changed …"
          body +=
            "<text class=\"label gap\" x=\"\(x + 40)\" y=\"\(y + 14)\">\(markupEscaped(text))</text>\n"
        case .attempted(let section, let row):
          places.newY[RowPath(section, row)] = y
          // A dashed row of its own: the insert UIKit refused, at its index.
          body +=
            "<g class=\"attempted inserted\"><rect x=\"\(x)\" y=\"\(y)\" width=\"\(Geometry.columnWidth)\""
          body += " height=\"\(Geometry.rowHeight - 2)\" rx=\"3\" stroke-dasharray=\"4 3\"/>"
          body += "<text class=\"index\" x=\"\(x + 34)\" y=\"\(y + 13)\">\(row)</text>"
          body +=
            "<text class=\"label gap\" x=\"\(x + 40)\" y=\"\(y + 13)\">attempted insert, past the last row</text></g>\n"
        case .sections(let count, let rows):
          let text = "… \(counted(count, "unchanged section")) (\(counted(rows, "row"))) …"
          body +=
            "<text class=\"label gap\" x=\"\(x + 6)\" y=\"\(y + 14)\">\(markupEscaped(text))</text>\n"
        }
        y += Geometry.rowHeight
      }
      bottom = max(bottom, y)
    }
    return (body, bottom, places)
  }

  /// The lines from each old row to its place in the new column, and the
  /// arrows of the moves; `id` names the arrow head.
  private func connectorLines(_ places: RowPlaces, id: String) -> String {
    let (oldY, newY) = (places.oldY, places.newY)
    var lines = ""
    let middle = Geometry.rowHeight / 2 - 1
    for (path, y) in oldY.sorted(by: { $0.key < $1.key }) {
      guard let partner = partnerOfOld[path.section][path.row], let y2 = newY[partner] else {
        continue
      }
      let reloaded = oldMarks[path.section][path.row].contains(.reloaded)
      lines +=
        "<line class=\"\(reloaded ? "stay reload" : "stay")\" x1=\"\(Geometry.oldX + Geometry.columnWidth)\""
        + " y1=\"\(y + middle)\" x2=\"\(Geometry.newX)\" y2=\"\(y2 + middle)\"/>\n"
    }
    for move in moves {
      guard let y1 = oldY[move.from], let y2 = newY[move.to] else { continue }
      let x1 = Geometry.oldX + Geometry.columnWidth
      let x2 = Geometry.newX - 4
      lines +=
        "<path class=\"move\" marker-end=\"url(#arrow-\(id))\" d=\"M \(x1) \(y1 + middle)"
        + " C \(x1 + 90) \(y1 + middle), \(x2 - 90) \(y2 + middle), \(x2) \(y2 + middle)\"/>\n"
    }
    return lines
  }

  /// The marker around the failing cell or header, its connector and its
  /// note; empty without a marker. `id` makes the marker's id unique.
  private func findingMarker(_ places: RowPlaces, id: String) -> String {
    let middle = Geometry.rowHeight / 2 - 1
    var finding = ""
    if let marker {
      let column = marker.side == .old ? Geometry.oldX : Geometry.newX
      let y: Int?
      if let row = marker.row {
        y = (marker.side == .old ? places.oldY : places.newY)[RowPath(marker.section, row)]
      } else {
        y = (marker.side == .old ? places.oldHeaderY : places.newHeaderY)[marker.section]
      }
      if let y {
        let centre = y + middle
        finding +=
          "<ellipse class=\"bc-marker\" id=\"marker-\(id)\" cx=\"\(column + Geometry.columnWidth / 2)\""
        finding +=
          " cy=\"\(centre)\" rx=\"\(Geometry.columnWidth / 2 + 10)\" ry=\"\(Geometry.rowHeight / 2 + 5)\"/>\n"
        // The connector never crosses the new column: an old-side finding
        // is named by its place instead.
        let end = marker.side == .old ? Geometry.newX - 8 : Geometry.noteX - 4
        finding +=
          "<line class=\"finding\" x1=\"\(column + Geometry.columnWidth + 10)\" y1=\"\(centre)\""
        finding += " x2=\"\(end)\" y2=\"\(centre)\"/>\n"
        let place = marker.row.map { "(\(marker.section), \($0))" } ?? "section \(marker.section)"
        let note = marker.note + (marker.side == .old ? " at old \(place)" : "")
        finding += "<text class=\"label note\" x=\"\(Geometry.noteX)\" y=\"\(centre + 4)\">"
        finding +=
          "<title>\(markupEscaped(note))</title>\(markupEscaped(shortened(note, to: 42)))</text>\n"
      }
    }
    return finding
  }

  private func header(_ side: PictureSide, section: Int, x: Int, y: Int) -> String {
    let rows = (side == .old ? old : new)[section].count
    var text = "section \(section) · \(counted(rows, "row"))"
    if let note = (side == .old ? oldSectionNotes : newSectionNotes)[section] {
      text += " · " + note
    }
    return "<rect class=\"section\" x=\"\(x)\" y=\"\(y)\" width=\"\(Geometry.columnWidth)\""
      + " height=\"\(Geometry.rowHeight - 2)\" rx=\"3\"/>"
      + "<text class=\"label section\" x=\"\(x + 6)\" y=\"\(y + 13)\">\(markupEscaped(text))</text>\n"
  }

  private func rowElement(_ side: PictureSide, section: Int, row: Int, x: Int, y: Int) -> String {
    let value = (side == .old ? old : new)[section][row]
    let marks = side == .old ? oldMarks[section][row] : newMarks[section][row]
    var classes = ["row"]
    var badges: [String] = []
    // Each mark's class and badge, in the order the badges read.
    let shown: [(mark: RowMarks, class: String, badge: String)] = [
      (.deleted, "deleted", "✕ deleted"), (.reloaded, "reloaded", "↻ reload"),
      (.reconfigured, "reconfigured", "⟳ reconfigure"), (.movedOut, "moved", "moved →"),
      (.inserted, "inserted", "+ inserted"), (.movedIn, "moved", "→ moved"),
    ]
    for entry in shown where marks.contains(entry.mark) {
      classes.append(entry.class)
      badges.append(entry.badge)
    }
    let full = Self.label(value)
    let limit = badges.isEmpty ? Geometry.labelCharacters : Geometry.labelCharactersWithBadge
    let text = shortened(full, to: limit)
    var element = "<g class=\"\(classes.joined(separator: " "))\">"
    element +=
      "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(Geometry.columnWidth)\" height=\"\(Geometry.rowHeight - 2)\" rx=\"3\"/>"
    element += "<text class=\"index\" x=\"\(x + 34)\" y=\"\(y + 13)\">\(row)</text>"
    element += "<text class=\"label value\" x=\"\(x + 40)\" y=\"\(y + 13)\">"
    if text != full { element += "<title>\(markupEscaped(full))</title>" }
    element += markupEscaped(text) + "</text>"
    if marks.contains(.deleted) {
      element +=
        "<line class=\"strike\" x1=\"\(x + 38)\" y1=\"\(y + 9)\" x2=\"\(x + 40 + 7 * text.count + 2)\" y2=\"\(y + 9)\"/>"
    }
    if !badges.isEmpty {
      element += "<text class=\"badge\" x=\"\(x + Geometry.columnWidth - 6)\" y=\"\(y + 13)\">"
      element += markupEscaped(badges.joined(separator: " ")) + "</text>"
    }
    return element + "</g>\n"
  }
}

/// Where a picture's rows and section headers went: their top, by old-space
/// or new-space path and section.
private struct RowPlaces {
  var oldY: [RowPath: Int] = [:]
  var newY: [RowPath: Int] = [:]
  var oldHeaderY: [Int: Int] = [:]
  var newHeaderY: [Int: Int] = [:]
}
