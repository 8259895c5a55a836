/// The moves ordered by source and by destination (ties by position), so
/// that membership and "the later moves with this source or destination"
/// are binary searches and array walks rather than hash tables: a million
/// moves cost two sorts of positions.
struct MoveIndex {
  let moves: [MoveItem]
  /// Positions sorted by (source, position).
  let bySource: [Int]
  /// Positions sorted by (destination, position).
  let byDestination: [Int]
  /// Where each position stands in `bySource` and in `byDestination`.
  let sourceRank: [Int]
  let destinationRank: [Int]

  /// - Complexity: O(*m* log *m*), where *m* is the number of moves; O(*m*)
  ///   for moves already in order.
  init(_ moves: [MoveItem], counter: inout OperationCounter) {
    self.moves = moves
    func order(_ key: (MoveItem) -> RowPath) -> (order: [Int], rank: [Int]) {
      var order = Array(moves.indices)
      order.sort { a, b in
        let left = key(moves[a])
        let right = key(moves[b])
        return left != right ? left < right : a < b
      }
      var rank = [Int](repeating: 0, count: moves.count)
      for (place, position) in order.enumerated() { rank[position] = place }
      return (order, rank)
    }
    counter.add(2 * moves.count)
    (bySource, sourceRank) = order(\.from)
    (byDestination, destinationRank) = order(\.to)
  }

  /// Whether some move's source is `path`.
  func hasSource(_ path: RowPath, counter: inout OperationCounter) -> Bool {
    let place = partitionPoint(from: 0, to: bySource.count, counter: &counter) {
      moves[bySource[$0]].from < path
    }
    return place < bySource.count && moves[bySource[place]].from == path
  }

  /// Whether some move's destination is `path`.
  func hasDestination(_ path: RowPath, counter: inout OperationCounter) -> Bool {
    let place = partitionPoint(from: 0, to: byDestination.count, counter: &counter) {
      moves[byDestination[$0]].to < path
    }
    return place < byDestination.count && moves[byDestination[place]].to == path
  }
}

extension BatchState {
  /// Step 6: each move's bounds (R13-R15), then the later moves that share its
  /// source or destination (R16). Exact duplicates are dropped silently.
  ///
  /// A move that survives to be checked is the first remaining one of every
  /// move with its source and of every move with its destination (an earlier
  /// one would have thrown or dropped it), so each group is scanned once.
  /// - Complexity: O(*m*) after `MoveIndex`, where *m* is the number of moves.
  func checkMoves(
    _ moves: [MoveItem], _ index: MoveIndex, into accepted: inout AcceptedUpdate,
    counter: inout OperationCounter
  ) -> UIKitException? {
    guard !moves.isEmpty else { return nil }
    var dropped = [Bool](repeating: false, count: moves.count)
    for position in moves.indices where !dropped[position] {
      counter.add()
      let move = moves[position]
      if let exception = checkBounds(move) { return exception }
      // The first later move with the same source and another destination,
      // and the first with the same destination and another source.
      var toBoth: Int?
      var place = index.sourceRank[position] + 1
      while place < index.bySource.count {
        let other = index.bySource[place]
        guard moves[other].from == move.from else { break }
        counter.add()
        place += 1
        if moves[other].to == move.to {
          dropped[other] = true
          note("move \(Self.describe(move.from)) → \(Self.describe(move.to)) dropped: an exact duplicate (R16)")
        } else {
          toBoth = other
          break
        }
      }
      var bothTo: Int?
      place = index.destinationRank[position] + 1
      while place < index.byDestination.count {
        let other = index.byDestination[place]
        guard moves[other].to == move.to else { break }
        counter.add()
        place += 1
        if moves[other].from != move.from {
          bothTo = other
          break
        }
      }
      let other = min(toBoth ?? Int.max, bothTo ?? Int.max)
      if other != Int.max {
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
