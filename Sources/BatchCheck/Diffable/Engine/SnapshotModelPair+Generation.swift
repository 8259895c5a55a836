/// Where a snapshot check's models come from: every small pair of the
/// engine's exhaustive phase in every layout of up to two sections a side,
/// and the engine's random cases given section ids.
extension SnapshotModelPair {
  /// Random model *seed*: the rows of `GeneratedCase.make(seed:sections:)`
  /// (the engine's mixture: repeated ids within and across sections,
  /// content changes, empty sides and sections, several sections half the
  /// time), with section ids drawn from a stream of their own.
  ///
  ///     SnapshotModelPair.random(seed: 7, options: SnapshotCheckOptions())
  ///     // the same pair on every machine
  ///
  /// Section ids come from an alphabet of 1, 2, 3, 4 or 8 ids (uniformly),
  /// so that a small one repeats ids; half the time new's sections take
  /// old's ids position by position (the same sections, their rows edited),
  /// else each is drawn. Keys are named `a`, `b`, ... in order of first
  /// occurrence; a content other than the row's id becomes content 1.
  ///
  /// - Complexity: O(*n*) in the rows made.
  static func random(seed: UInt64, options: SnapshotCheckOptions) -> SnapshotModelPair {
    let rows = GeneratedCase.make(seed: seed, maxSize: options.maxSize, sections: true)
    var random = SplitMix64(seed: seed ^ 0x5EC7_10B5_1D5E_ED00)
    let alphabet = [1, 2, 3, 4, 8][random.below(5)]
    let oldIDs = rows.old.map { _ in random.below(alphabet) }
    let positional = random.below(2) == 0
    let newIDs = rows.new.indices.map { index in
      positional && index < oldIDs.count ? oldIDs[index] : random.below(alphabet)
    }
    var names: [RowValue: String] = [:]
    func model(_ sections: [[Row]], _ ids: [Int]) -> SnapshotCheckModel {
      SnapshotCheckModel(
        sections: zip(ids, sections).map { id, rows in
          SnapshotCheckModel.Section(
            id: id,
            rows: rows.map { row in
              let key = names[row.id] ?? ExhaustivePairs.Iterator.name(names.count)
              names[row.id] = key
              return SnapshotCheckModel.Row(key: key, content: row.content == row.id ? 0 : 1)
            })
        })
    }
    let old = model(rows.old, oldIDs)
    return SnapshotModelPair(old: old, new: model(rows.new, newIDs))
      .normalized(contentInIdentity: options.contentInIdentity)
  }

  /// Calls `body` with every pair of `ExhaustivePairs(maxTotal: total,
  /// contentTotal: contentTotal)` whose old side repeats no id, in every
  /// layout, smallest first; stops when `body` returns false.
  ///
  ///     SnapshotModelPair.exhaustive(total: 2, contentTotal: 2, contentInIdentity: false) { _ in true }
  ///
  /// A side's layouts: no section (when it has no rows), one section, or
  /// its rows cut in two sections at every point. Old's sections are `0`
  /// and `0`, `1`; new's are `0` or `1`, and `0`, `1` or `1`, `0` or `0`,
  /// `0` (a repeated section id). A changed content (`a'`) is content 1.
  ///
  /// - Returns: the number of pairs `body` was called with.
  /// - Complexity: O(*p* × *t*²) for *p* pairs of at most *t* rows.
  @discardableResult
  static func exhaustive(
    total: Int, contentTotal: Int, contentInIdentity: Bool,
    _ body: (SnapshotModelPair) -> Bool
  ) -> Int {
    guard total > 0 else { return 0 }
    var count = 0
    for (oldRows, newRows) in ExhaustivePairs(maxTotal: total, contentTotal: contentTotal)
    where Set(oldRows.map(\.id)).count == oldRows.count {
      let old = oldRows.map(Self.row)
      let new = newRows.map(Self.row)
      for oldLayout in layouts(old, ids: [0], pairs: [(0, 1)]) {
        for newLayout in layouts(new, ids: [0, 1], pairs: [(0, 1), (1, 0), (0, 0)]) {
          count += 1
          let pair = SnapshotModelPair(
            old: SnapshotCheckModel(sections: oldLayout),
            new: SnapshotCheckModel(sections: newLayout))
          guard body(pair.normalized(contentInIdentity: contentInIdentity)) else { return count }
        }
      }
    }
    return count
  }

  /// An exhaustive row: its id as the key, a changed content as 1.
  private static func row(_ row: Row) -> SnapshotCheckModel.Row {
    let key: String
    switch row.id {
    case .string(let name): key = name
    case .int(let number): key = String(number)
    }
    return SnapshotCheckModel.Row(key: key, content: row.content == row.id ? 0 : 1)
  }

  /// A side's layouts: none (no rows only), one section of each id, two
  /// sections of each pair of ids cut at every point.
  private static func layouts(
    _ rows: [SnapshotCheckModel.Row], ids: [Int], pairs: [(Int, Int)]
  ) -> [[SnapshotCheckModel.Section]] {
    var result: [[SnapshotCheckModel.Section]] = rows.isEmpty ? [[]] : []
    for id in ids { result.append([SnapshotCheckModel.Section(id: id, rows: rows)]) }
    for cut in 0...rows.count {
      for (first, second) in pairs {
        result.append([
          SnapshotCheckModel.Section(id: first, rows: Array(rows[..<cut])),
          SnapshotCheckModel.Section(id: second, rows: Array(rows[cut...])),
        ])
      }
    }
    return result
  }
}
