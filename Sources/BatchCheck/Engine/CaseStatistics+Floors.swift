/// One feature the random phase must keep generating, with its floor.
///
///     CoverageStatistic.moves.floorPercent  // 15
///
/// When the random phase runs at least `CoverageStatistic.minimumCases`
/// cases, each statistic that applies must reach its floor, as a percentage
/// of the random cases; one that does not is a failure of kind `coverage`.
/// The floors sit at about half of what the standard mixture produces, so
/// only a generation that silently stopped covering something trips them.
public enum CoverageStatistic: String, Hashable, Sendable, CaseIterable {
  /// Cases with a repeated identity on one side (`withDuplicates`).
  case duplicates
  /// Cases with a row whose relative order changed (`withMoves`).
  case moves
  /// Cases with no rows on one side or both (`withEmptySide`).
  case emptySide
  /// Cases with a row whose identity stayed and content changed
  /// (`withContentChanges`); only when rows are not identity only.
  case contentChanges
  /// Cases with more than one section on a side (`withSeveralSections`);
  /// only for a sectioned generator.
  case severalSections
  /// Cases of size 0.
  case size0
  /// Cases of size 1 to 8; only when `maxSize` is at least 8.
  case size1to8
  /// Cases of size 9 to 32; only when `maxSize` is at least 32.
  case size9to32
  /// Cases of size 33 or more; only when `maxSize` is at least 100.
  case size33plus

  /// Floors are enforced only from this many random cases.
  public static let minimumCases = 1_000

  /// The least percentage of random cases that must have this feature.
  public var floorPercent: Int {
    switch self {
    case .duplicates: 30
    case .moves: 15
    case .emptySide: 8
    case .contentChanges: 15
    case .severalSections: 20
    case .size0: 1
    case .size1to8: 25
    case .size9to32: 12
    case .size33plus: 5
    }
  }

  /// Whether the floor holds for a run: sections only for a sectioned
  /// generator; content changes only when rows are not identity only; a size
  /// bucket only when `maxSize` lets the mixture fill it (9–32 from
  /// `maxSize` 32, 33+ from 100).
  package func applies(sectioned: Bool, identityOnly: Bool, maxSize: Int) -> Bool {
    switch self {
    case .severalSections: sectioned
    case .contentChanges: !identityOnly
    case .size1to8: maxSize >= 8
    case .size9to32: maxSize >= 32
    case .size33plus: maxSize >= 100
    default: true
    }
  }

  /// How many cases of `statistics` have this feature.
  public func count(in statistics: CaseStatistics) -> Int { statistics[keyPath: keyPath] }

  /// Where `CaseStatistics` keeps this count.
  var keyPath: WritableKeyPath<CaseStatistics, Int> {
    switch self {
    case .duplicates: \.withDuplicates
    case .moves: \.withMoves
    case .emptySide: \.withEmptySide
    case .contentChanges: \.withContentChanges
    case .severalSections: \.withSeveralSections
    case .size0: \.size0
    case .size1to8: \.size1to8
    case .size9to32: \.size9to32
    case .size33plus: \.size33plus
    }
  }
}

extension CaseStatistics {
  /// The statistics below their floor, for a run of these statistics.
  ///
  /// - Returns: nothing when fewer than `CoverageStatistic.minimumCases`
  ///   cases ran.
  func shortfalls(sectioned: Bool, identityOnly: Bool, maxSize: Int) -> [CoverageStatistic] {
    guard cases >= CoverageStatistic.minimumCases else { return [] }
    return CoverageStatistic.allCases.filter { statistic in
      statistic.applies(sectioned: sectioned, identityOnly: identityOnly, maxSize: maxSize)
        && Double(statistic.count(in: self)) * 100 < Double(statistic.floorPercent) * Double(cases)
    }
  }
}

/// `12.3%`: `part` of `whole` to one decimal, rounded to the nearest (half
/// up), or down with `roundingDown` (a share below a floor never reads as the
/// floor itself); in integers only.
func percentText(_ part: Int, of whole: Int, roundingDown: Bool = false) -> String {
  guard whole > 0 else { return "0.0%" }
  let part = min(max(0, part), whole)
  let permille: Int
  if whole > Int.max / 2000 {
    permille = part / (whole / 1000)
  } else if roundingDown {
    permille = part * 1000 / whole
  } else {
    permille = (part * 2000 + whole) / (2 * whole)
  }
  return "\(permille / 10).\(permille % 10)%"
}

/// `1 case`, `2 cases`: a count and its noun, singular for one.
package func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
