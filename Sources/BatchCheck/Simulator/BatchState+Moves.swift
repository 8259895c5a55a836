/// The moves ordered by source and by destination (ties by position), so
/// that membership and "the later moves with this source or destination"
/// are binary searches and array walks rather than hash tables: a million
/// moves cost a sort of positions by source (`PathOrder`), and none for
/// moves in order already; their order by destination follows from the
/// update's.
struct MoveIndex {
  /// The moves in UIKit's check order: ascending by source.
  let moves: [MoveItem]
  /// Positions of `moves` sorted by (source, position).
  let bySource: PathOrder
  /// Positions of `moves` sorted by (destination, position).
  let byDestination: PathOrder
  /// Where each position stands in `bySource` and in `byDestination`; nil
  /// where that order is the identity or no two moves share a path (the
  /// rank is read only for a move that shares one).
  let sourceRank: [Int]?
  let destinationRank: [Int]?
  /// The moves by destination, when that is the update's order of them
  /// (the moves as given, `moves` when they are in source order already):
  /// nil when it has to be read through `byDestination`.
  let movesByDestination: [MoveItem]?

  /// Indexes `moves`, already in check order.
  /// - Complexity: that of two `PathOrder`s of *m* paths, where *m* is the
  ///   number of moves: O(*m*) for moves already in order.
  init(sorted moves: [MoveItem], counter: inout OperationCounter) {
    let bySource = PathOrder(count: moves.count, counter: &counter) { moves[$0].from }
    let byDestination = PathOrder(count: moves.count, counter: &counter) { moves[$0].to }
    self.init(
      moves: moves, bySource: bySource, byDestination: byDestination,
      movesByDestination: byDestination.sorted == nil ? moves : nil, counter: &counter)
  }

  /// Sorts `moves` (in the update's order) by source, stably, and indexes
  /// them. The order by destination is the update's, carried through the
  /// sort: no second sort unless two moves share a destination.
  /// - Complexity: that of two `PathOrder`s of *m* paths, where *m* is the
  ///   number of moves: O(*m*) for moves already in order.
  init(unsorted original: [MoveItem], counter: inout OperationCounter) {
    let count = original.count
    let sourceOrder = PathOrder(count: count, counter: &counter) { original[$0].from }
    let destinationOrder = PathOrder(count: count, counter: &counter) { original[$0].to }
    guard let sorted = sourceOrder.sorted else {
      self.init(
        moves: original, bySource: sourceOrder, byDestination: destinationOrder,
        movesByDestination: destinationOrder.sorted == nil ? original : nil, counter: &counter)
      return
    }
    let moves = sorted.map { original[$0] }
    var twins = [Bool](repeating: false, count: count)
    for place in 0..<count { twins[place] = sourceOrder.hasTwin[sorted[place]] }
    // Sorted by source, ties in the update's order: in order by (source, position).
    let bySource = PathOrder(sorted: nil, hasTwin: twins, count: count)
    counter.add(2 * count)
    guard !destinationOrder.hasTwin.contains(true) else {
      // Ties by destination order by position in `moves`: sort again.
      let byDestination = PathOrder(count: count, counter: &counter) { moves[$0].to }
      self.init(
        moves: moves, bySource: bySource, byDestination: byDestination, movesByDestination: nil,
        counter: &counter)
      return
    }
    // Where each of the update's moves went in `moves`.
    var place = [Int](repeating: 0, count: count)
    for (index, position) in sorted.enumerated() { place[position] = index }
    let byDestination = PathOrder(
      sorted: destinationOrder.sorted.map { $0.map { place[$0] } } ?? place,
      hasTwin: [Bool](repeating: false, count: count), count: count)
    self.init(
      moves: moves, bySource: bySource, byDestination: byDestination,
      movesByDestination: destinationOrder.sorted == nil ? original : nil, counter: &counter)
  }

  private init(
    moves: [MoveItem], bySource: PathOrder, byDestination: PathOrder,
    movesByDestination: [MoveItem]?,
    counter: inout OperationCounter
  ) {
    self.moves = moves
    self.bySource = bySource
    self.byDestination = byDestination
    self.movesByDestination = movesByDestination
    // Only a move that shares its source or destination needs its rank.
    func rank(_ order: PathOrder) -> [Int]? {
      guard let sorted = order.sorted, order.hasTwin.contains(true) else { return nil }
      var rank = [Int](repeating: 0, count: moves.count)
      for (place, position) in sorted.enumerated() { rank[position] = place }
      counter.add(moves.count)
      return rank
    }
    sourceRank = rank(bySource)
    destinationRank = rank(byDestination)
  }

  /// Whether some move's source is `path`, for paths asked in descending
  /// order (pass 4's deletes): `place` is where the last one stood in
  /// `bySource`, the search gallops down from it. Start with `moves.count`.
  /// - Complexity: O(log *d*) for a path *d* places below the last one.
  func hasSource(_ path: RowPath, below place: inout Int, counter: inout OperationCounter) -> Bool {
    place = gallopDown(to: place, counter: &counter) { moves[bySource[$0]].from < path }
    return place < moves.count && moves[bySource[place]].from == path
  }

  /// Whether some move's destination is `path`, for paths asked in
  /// ascending order (pass 5's inserts): `place` is where the last one
  /// stood in `byDestination`, the search gallops up from it. Start with 0.
  /// - Complexity: O(log *d*) for a path *d* places above the last one.
  func hasDestination(_ path: RowPath, above place: inout Int, counter: inout OperationCounter)
    -> Bool
  {
    place = gallopUp(from: place, counter: &counter) { moves[byDestination[$0]].to < path }
    return place < moves.count && moves[byDestination[place]].to == path
  }

  /// The first place in `0..<end` where `isBefore` is false (`end` if none),
  /// for a predicate true on a prefix: probes `end - 1`, `end - 2`,
  /// `end - 4`, ... then searches between the last two probes.
  private func gallopDown(to end: Int, counter: inout OperationCounter, _ isBefore: (Int) -> Bool)
    -> Int
  {
    var high = end
    var step = 1
    while true {
      let probe = end - step
      guard probe >= 0 else {
        return partitionPoint(from: 0, to: high, counter: &counter, isBefore)
      }
      counter.add()
      if isBefore(probe) {
        return partitionPoint(from: probe + 1, to: high, counter: &counter, isBefore)
      }
      high = probe
      step *= 2
    }
  }

  /// The first place in `start..<moves.count` where `isBefore` is false,
  /// for a predicate true on a prefix: probes `start`, `start + 1`,
  /// `start + 3`, ... then searches between the last two probes.
  private func gallopUp(from start: Int, counter: inout OperationCounter, _ isBefore: (Int) -> Bool)
    -> Int
  {
    var low = start
    var step = 1
    while true {
      let probe = start + step - 1
      guard probe < moves.count else {
        return partitionPoint(from: low, to: moves.count, counter: &counter, isBefore)
      }
      counter.add()
      if !isBefore(probe) {
        return partitionPoint(from: low, to: probe, counter: &counter, isBefore)
      }
      low = probe + 1
      step *= 2
    }
  }
}

extension BatchState {
  /// Pass 6: each move's bounds (R13-R15), then the later moves that share its
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
    var rowMoveCount = 0
    var oldRows = RowCountCache()
    var newRows = RowCountCache()
    for position in moves.indices where !dropped[position] {
      counter.add()
      let move = moves[position]
      if let exception = checkBounds(move, oldRows: &oldRows, newRows: &newRows) {
        return exception
      }
      // The first later move with the same source and another destination,
      // and the first with the same destination and another source; only
      // a move that shares its source or destination has any.
      var toBoth: Int?
      var place = (index.sourceRank?[position] ?? position) + 1
      while index.bySource.hasTwin[position], place < moves.count {
        let other = index.bySource[place]
        guard moves[other].from == move.from else { break }
        counter.add()
        place += 1
        if moves[other].to == move.to {
          dropped[other] = true
          note(
            "move \(Self.describe(move.from)) → \(Self.describe(move.to)) dropped: an exact duplicate (R16)"
          )
        } else {
          toBoth = other
          break
        }
      }
      var bothTo: Int?
      place = (index.destinationRank?[position] ?? position) + 1
      while index.byDestination.hasTwin[position], place < moves.count {
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
        return UIKitException(rule: .r16, message: message, place: VerdictPlace(.old, move.from))
      }
      note("move \(Self.describe(move.from)) → \(Self.describe(move.to)): ok")
      if move.isSection {
        accepted.sectionMoves.append(SectionMove(from: move.from.section, to: move.to.section))
      } else {
        rowMoveCount += 1
      }
    }
    acceptRowMoves(index, dropped: dropped, count: rowMoveCount, into: &accepted, counter: &counter)
    return nil
  }

  /// The row moves that survived the checks (neither section moves nor
  /// dropped), ascending by source and by destination: the moves
  /// themselves, shared, when every move is one.
  /// - Complexity: O(*m*), where *m* is the number of moves.
  private func acceptRowMoves(
    _ index: MoveIndex, dropped: [Bool], count: Int, into accepted: inout AcceptedUpdate,
    counter: inout OperationCounter
  ) {
    let moves = index.moves
    if count == moves.count {
      accepted.rowMoves = moves
      accepted.rowMovesByDestination =
        index.movesByDestination ?? (0..<moves.count).map { moves[index.byDestination[$0]] }
      counter.add(moves.count)
      return
    }
    func kept(_ position: Int) -> Bool { !dropped[position] && !moves[position].isSection }
    accepted.rowMoves.reserveCapacity(count)
    accepted.rowMovesByDestination.reserveCapacity(count)
    for position in moves.indices where kept(position) { accepted.rowMoves.append(moves[position]) }
    for place in moves.indices where kept(index.byDestination[place]) {
      accepted.rowMovesByDestination.append(moves[index.byDestination[place]])
    }
    counter.add(2 * moves.count)
  }

  /// R13, R14 and R15 for one move, in UIKit's order.
  private func checkBounds(
    _ move: MoveItem, oldRows oldRowCount: inout RowCountCache,
    newRows newRowCount: inout RowCountCache
  ) -> UIKitException? {
    if move.isSection {
      if isOutside(move.from.section, counts.oldSections) {
        return UIKitException(
          rule: .r15,
          message: messages.moveSectionFromMissing(move.from.section, sections: counts.oldSections),
          place: VerdictPlace(.old, move.from))
      }
      if isOutside(move.to.section, counts.newSections) {
        return UIKitException(
          rule: .r15,
          message: messages.moveSectionToMissing(
            move.from.section, move.to.section, sections: counts.newSections),
          place: VerdictPlace(.old, move.from))
      }
      return nil
    }
    if isOutside(move.from.section, counts.oldSections) {
      return UIKitException(
        rule: .r13,
        message: messages.moveFromMissingSection(move.from, sections: counts.oldSections),
        place: VerdictPlace(.old, move.from))
    }
    let oldRows = oldRowCount.rows(move.from.section, counts.oldRows)
    if isOutside(move.from.row, oldRows) {
      return UIKitException(
        rule: .r13, message: messages.moveFromMissingRow(move.from, count: oldRows),
        place: VerdictPlace(.old, move.from))
    }
    if isOutside(move.to.section, counts.newSections) {
      return UIKitException(
        rule: .r14,
        message: messages.moveToMissingSection(move.from, move.to, sections: counts.newSections),
        place: VerdictPlace(.old, move.from))
    }
    let newRows = newRowCount.rows(move.to.section, counts.newRows)
    if isOutside(move.to.row, newRows) {
      return UIKitException(
        rule: .r14, message: messages.moveToMissingRow(move.from, move.to, count: newRows),
        place: VerdictPlace(.old, move.from))
    }
    return nil
  }
}

/// One section's row count at a time, read again only when the section
/// changes: runs of operations in one section read it once.
struct RowCountCache {
  private var section: Int?
  private var count = 0

  /// The row count of `section`, from `read` when the section is another
  /// than the last one.
  mutating func rows(_ section: Int, _ read: (Int) -> Int) -> Int {
    if section != self.section {
      self.section = section
      count = read(section)
    }
    return count
  }
}
