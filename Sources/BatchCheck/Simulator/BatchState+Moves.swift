extension BatchState {
  /// Step 6: each move's bounds (R13-R15), then the later moves that share its
  /// source or destination (R16). Exact duplicates are dropped silently.
  ///
  /// A move that survives to be checked is the first remaining one of every
  /// move with its source and of every move with its destination (an earlier
  /// one would have thrown or dropped it), so each group is scanned once.
  /// - Complexity: O(*m*), where *m* is the number of moves.
  func checkMoves(
    _ moves: [MoveItem], into accepted: inout AcceptedUpdate, counter: inout OperationCounter
  ) -> UIKitException? {
    guard !moves.isEmpty else { return nil }
    var bySource: [RowPath: [Int]] = [:]
    var byDestination: [RowPath: [Int]] = [:]
    if moves.count > 1 {
      for (position, move) in moves.enumerated() {
        counter.add()
        bySource[move.from, default: []].append(position)
        byDestination[move.to, default: []].append(position)
      }
    }
    var dropped = [Bool](repeating: false, count: moves.count)
    for position in moves.indices where !dropped[position] {
      counter.add()
      let move = moves[position]
      if let exception = checkBounds(move) { return exception }
      // The first later move with the same source and another destination,
      // and the first with the same destination and another source.
      var toBoth: Int?
      for other in bySource[move.from] ?? [] where other > position {
        counter.add()
        if moves[other].to == move.to {
          dropped[other] = true
          note("move \(Self.describe(move.from)) → \(Self.describe(move.to)) dropped: an exact duplicate (R16)")
        } else {
          toBoth = other
          break
        }
      }
      var bothTo: Int?
      for other in byDestination[move.to] ?? [] where other > position {
        counter.add()
        if moves[other].from != move.from {
          bothTo = other
          break
        }
      }
      if let other = [toBoth, bothTo].compactMap({ $0 }).min() {
        let second = moves[other]
        let message: String
        if second.from == move.from {
          message =
            move.isSection
            ? messages.moveSectionToBoth(move.from.section, move.to.section, second.to.section)
            : messages.moveRowToBoth(move.from, move.to, second.to)
        } else {
          message =
            move.isSection
            ? messages.moveBothSections(move.from.section, second.from.section, to: move.to.section)
            : messages.moveBothRows(move.from, second.from, to: move.to)
        }
        return UIKitException(rule: .r16, message: message)
      }
      note("move \(Self.describe(move.from)) → \(Self.describe(move.to)): ok")
      if move.isSection {
        accepted.sectionMoves.append(SectionMove(from: move.from.section, to: move.to.section))
      } else {
        accepted.rowMoves.append(move.rowMove)
      }
    }
    return nil
  }

  /// R13, R14 and R15 for one move, in UIKit's order.
  private func checkBounds(_ move: MoveItem) -> UIKitException? {
    if move.isSection {
      if isOutside(move.from.section, counts.oldSections) {
        return UIKitException(
          rule: .r15,
          message: messages.moveSectionFromMissing(move.from.section, sections: counts.oldSections))
      }
      if isOutside(move.to.section, counts.newSections) {
        return UIKitException(
          rule: .r15,
          message: messages.moveSectionToMissing(
            move.from.section, move.to.section, sections: counts.newSections))
      }
      return nil
    }
    if isOutside(move.from.section, counts.oldSections) {
      return UIKitException(
        rule: .r13, message: messages.moveFromMissingSection(move.from, sections: counts.oldSections))
    }
    let oldRows = counts.oldRows(move.from.section)
    if isOutside(move.from.row, oldRows) {
      return UIKitException(rule: .r13, message: messages.moveFromMissingRow(move.from, count: oldRows))
    }
    if isOutside(move.to.section, counts.newSections) {
      return UIKitException(
        rule: .r14,
        message: messages.moveToMissingSection(move.from, move.to, sections: counts.newSections))
    }
    let newRows = counts.newRows(move.to.section)
    if isOutside(move.to.row, newRows) {
      return UIKitException(
        rule: .r14, message: messages.moveToMissingRow(move.from, move.to, count: newRows))
    }
    return nil
  }
}
