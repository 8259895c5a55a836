/// The steps of a snapshot shrink, biggest cuts first. Each pass walks
/// the best pair as it changes: a kept candidate becomes the pair the next
/// candidate is made from.
extension SnapshotShrinkRun {
  typealias Side = WritableKeyPath<SnapshotModelPair, SnapshotCheckModel>

  /// Drops a section id from both sides, then one section of new, then of old.
  mutating func dropSections() {
    var index = 0
    while index < Self.sectionIDs(best).count {
      let id = Self.sectionIDs(best)[index]
      var candidate = best
      for side in [\SnapshotModelPair.old, \.new] {
        candidate[keyPath: side].sections.removeAll { $0.id == id }
      }
      if !attempt(candidate) { index += 1 }
    }
    for side in [\SnapshotModelPair.new, \.old] {
      var position = 0
      while position < best[keyPath: side].sections.count {
        var candidate = best
        candidate[keyPath: side].sections.remove(at: position)
        if !attempt(candidate) { position += 1 }
      }
    }
  }

  /// Merges two neighbouring sections of one side into the first.
  mutating func mergeSections() {
    for side in [\SnapshotModelPair.new, \.old] {
      var position = 0
      while position + 1 < best[keyPath: side].sections.count {
        var candidate = best
        let next = candidate[keyPath: side].sections.remove(at: position + 1)
        candidate[keyPath: side].sections[position].rows += next.rows
        if !attempt(candidate) { position += 1 }
      }
    }
  }

  /// Delta debugging over the keys (first occurrence, old then new): the
  /// rows of a chunk of keys go from both sides at once.
  mutating func dropKeys() {
    deleteChunks(count: { Self.keys($0).count }, removing: { Self.droppingKeys($0, $1) })
  }

  /// Delta debugging over one side's rows, in order across its sections.
  mutating func dropRows(_ side: Side) {
    deleteChunks(
      count: { $0[keyPath: side].rows.count }, removing: { Self.droppingRows($0, side, $1) })
  }

  /// `pair` without the rows of the keys at `range` of `keys(pair)`.
  static func droppingKeys(_ pair: SnapshotModelPair, _ range: Range<Int>) -> SnapshotModelPair {
    let gone = Set(keys(pair)[range])
    var candidate = pair
    for side in [\SnapshotModelPair.old, \.new] {
      for section in candidate[keyPath: side].sections.indices {
        candidate[keyPath: side].sections[section].rows.removeAll { gone.contains($0.key) }
      }
    }
    return candidate
  }

  /// `pair` without the rows at `range` of `side`, counted across its sections.
  static func droppingRows(
    _ pair: SnapshotModelPair, _ side: Side, _ range: Range<Int>
  ) -> SnapshotModelPair {
    var candidate = pair
    var position = 0
    for section in candidate[keyPath: side].sections.indices {
      let rows = candidate[keyPath: side].sections[section].rows
      candidate[keyPath: side].sections[section].rows = rows.indices.compactMap { index in
        range.contains(position + index) ? nil : rows[index]
      }
      position += rows.count
    }
    return candidate
  }

  /// Every content 0; each key's contents 0; each row's content 0, or 1
  /// when it is higher.
  mutating func simplifyContents() {
    attempt(Self.mapRows(best) { row in row.content = 0 })
    for key in Self.keys(best) {
      attempt(Self.mapRows(best) { row in if row.key == key { row.content = 0 } })
    }
    for side in [\SnapshotModelPair.old, \.new] {
      for position in best[keyPath: side].rows.indices {
        for lower in [0, 1] {
          attempt(
            Self.changingRow(best, side, at: position) { row in
              row.content = min(row.content, lower)
            })
        }
      }
    }
  }

  /// One key becomes another in use, the later-ranked into the earlier.
  mutating func mergeKeys() {
    let ranked = Self.keys(best).sorted { SnapshotPairOrder.rank($0) < SnapshotPairOrder.rank($1) }
    for (low, target) in ranked.enumerated() {
      for source in ranked[(low + 1)...] where Self.keys(best).contains(source) {
        guard Self.keys(best).contains(target) else { break }
        attempt(Self.mapRows(best) { row in if row.key == source { row.key = target } })
      }
    }
  }

  /// One section id becomes a smaller one in use.
  mutating func mergeSectionIDs() {
    let ids = Self.sectionIDs(best).sorted()
    for (low, target) in ids.enumerated() {
      for source in ids[(low + 1)...] {
        var candidate = best
        for side in [\SnapshotModelPair.old, \.new] {
          for section in candidate[keyPath: side].sections.indices
          where candidate[keyPath: side].sections[section].id == source {
            candidate[keyPath: side].sections[section].id = target
          }
        }
        attempt(candidate)
      }
    }
  }

  /// Keys renamed `a`, `b`, ... and section ids `0`, `1`, ... in order of
  /// first occurrence (old, then new); changed contents numbered `1`, `2`, ...
  mutating func rename() {
    var keyNames: [String: String] = [:]
    var sectionNames: [Int: Int] = [:]
    var contentNames: [Int: Int] = [0: 0]
    var candidate = best
    for side in [\SnapshotModelPair.old, \.new] {
      for section in candidate[keyPath: side].sections.indices {
        let id = candidate[keyPath: side].sections[section].id
        let name = sectionNames[id] ?? sectionNames.count
        sectionNames[id] = name
        candidate[keyPath: side].sections[section].id = name
        for row in candidate[keyPath: side].sections[section].rows.indices {
          let current = candidate[keyPath: side].sections[section].rows[row]
          let key = keyNames[current.key] ?? ExhaustivePairs.Iterator.name(keyNames.count)
          keyNames[current.key] = key
          let content = contentNames[current.content] ?? contentNames.count
          contentNames[current.content] = content
          candidate[keyPath: side].sections[section].rows[row].key = key
          candidate[keyPath: side].sections[section].rows[row].content = content
        }
      }
    }
    attempt(candidate)
  }

  // MARK: Helpers

  /// Delta debugging: chunks of half the elements, a quarter, ... one, each
  /// dropped in turn from the best pair; a kept cut leaves the next chunk
  /// in its place.
  mutating func deleteChunks(
    count: (SnapshotModelPair) -> Int,
    removing: (SnapshotModelPair, Range<Int>) -> SnapshotModelPair
  ) {
    var chunk = max(1, (count(best) + 1) / 2)
    while !exhausted {
      var start = 0
      while start < count(best), !exhausted {
        let end = min(count(best), start + chunk)
        if !attempt(removing(best, start..<end)) { start = end }
      }
      if chunk == 1 { return }
      chunk = (chunk + 1) / 2
    }
  }

  /// The distinct keys, in order of first occurrence, old then new.
  static func keys(_ pair: SnapshotModelPair) -> [String] {
    var seen = Set<String>()
    return (pair.old.rows + pair.new.rows).map(\.key).filter { seen.insert($0).inserted }
  }

  /// The distinct section ids, in order of first occurrence, old then new.
  static func sectionIDs(_ pair: SnapshotModelPair) -> [Int] {
    var seen = Set<Int>()
    return (pair.old.sections + pair.new.sections).map(\.id).filter { seen.insert($0).inserted }
  }

  /// `pair` with `change` applied to the row at `position` of `side`
  /// (counted across its sections).
  static func changingRow(
    _ pair: SnapshotModelPair, _ side: Side, at position: Int,
    _ change: (inout SnapshotCheckModel.Row) -> Void
  ) -> SnapshotModelPair {
    var candidate = pair
    var rest = position
    for section in candidate[keyPath: side].sections.indices {
      let count = candidate[keyPath: side].sections[section].rows.count
      if rest < count {
        change(&candidate[keyPath: side].sections[section].rows[rest])
        return candidate
      }
      rest -= count
    }
    return candidate
  }

  /// `pair` with `change` applied to every row of both sides.
  static func mapRows(
    _ pair: SnapshotModelPair, _ change: (inout SnapshotCheckModel.Row) -> Void
  ) -> SnapshotModelPair {
    var candidate = pair
    for side in [\SnapshotModelPair.old, \.new] {
      for section in candidate[keyPath: side].sections.indices {
        for row in candidate[keyPath: side].sections[section].rows.indices {
          change(&candidate[keyPath: side].sections[section].rows[row])
        }
      }
    }
    return candidate
  }
}
