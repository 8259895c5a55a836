import BatchCheck

/// A port of Differ's `extendedPatch(from:to:)` as it stood when its issue
/// #32 was filed (github.com/tonyarnold/Differ, 1.2.x): Myers' diff over
/// equal elements, moves paired from a delete and an insert of equal
/// elements, and the patch's indexes shifted one pair of steps at a time.
/// Its shifting ignores what a move's two halves do to the steps between
/// them, so some permutations get a move from a place past the end (R13)
/// or the wrong rows. Written for the tests, to check that BatchCheck finds
/// the bug; each function mirrors one piece of Differ's code.
///
///     DifferExtendedPatch.steps(from: Array("aab"), to: Array("ccbaa"))
///     // [.insert(at: 0, "c"), .insert(at: 1, "c"), .move(from: 5, to: 2)]:
///     // the move starts past the end of ["c", "c", "a", "a", "b"] (R13)
enum DifferExtendedPatch {
  /// One step, as Differ's `ExtendedPatch`: indexes in the array as the
  /// steps before it left it.
  enum Step<Element: Equatable>: Equatable {
    case insert(at: Int, element: Element)
    case delete(at: Int)
    case move(from: Int, to: Int)
  }

  /// Differ's `Diff.Element`: a delete at an old index or an insert at a new one.
  enum Edit: Equatable {
    case delete(Int)
    case insert(Int)

    var at: Int {
      switch self {
      case .delete(let at), .insert(let at): return at
      }
    }
  }

  /// One edge of the edit graph Myers' search walked: `from` to `to`, as
  /// (x in old, y in new).
  struct Trace: Equatable {
    var from: (x: Int, y: Int)
    var to: (x: Int, y: Int)

    static func == (lhs: Trace, rhs: Trace) -> Bool {
      lhs.from == rhs.from && lhs.to == rhs.to
    }

    /// nil for a diagonal (a match), else the edit it stands for.
    var edit: Edit? {
      if from.x + 1 == to.x && from.y + 1 == to.y { return nil }
      return from.y < to.y ? .insert(from.y) : .delete(from.x)
    }
  }

  /// The steps that turn `old` into `new`, as Differ's `extendedPatch` gives them.
  static func steps<Element: Equatable>(from old: [Element], to new: [Element]) -> [Step<Element>] {
    let edits = path(traces(old, new)).compactMap(\.edit)
    let paired = pairMoves(edits, old, new)
    let patch = indexedPatch(edits)
    // Each patch step with its place in the reordered list (a move's halves side by side).
    let place = inverse(paired.order)
    let shifted = shift(patch, place: place).sorted { place[$0.source] < place[$1.source] }
    var steps: [Step<Element>] = []
    var index = 0
    while index < shifted.count {
      let step = shifted[index]
      if paired.origins.contains(step.source), index + 1 < shifted.count {
        let other = shifted[index + 1]
        let (fromIndex, toIndex) =
          step.isDelete ? (step.index, other.index) : (other.index, step.index)
        steps.append(.move(from: fromIndex, to: toIndex))
        index += 2
        continue
      }
      steps.append(
        step.isDelete
          ? .delete(at: step.index) : .insert(at: step.index, element: new[step.edit.at]))
      index += 1
    }
    return steps
  }

  /// Every edge Myers' greedy search visits until it reaches the end, in order.
  static func traces<Element: Equatable>(_ old: [Element], _ new: [Element]) -> [Trace] {
    let (n, m) = (old.count, new.count)
    if n == 0 { return (0..<m).map { Trace(from: (0, $0), to: (0, $0 + 1)) } }
    if m == 0 { return (0..<n).map { Trace(from: ($0, 0), to: ($0 + 1, 0)) } }
    var traces: [Trace] = []
    // furthest[k + m]: the furthest x on diagonal k (x - y), -1 for none yet.
    var furthest = Array(repeating: -1, count: n + m + 1)
    furthest[m + 1] = 0
    for d in 0...(n + m) {
      for k in stride(from: -d, through: d, by: 2) where k >= -m && k <= n {
        let slot = k + m
        let below = slot > 0 ? furthest[slot - 1] : nil
        let above = slot < n + m ? furthest[slot + 1] : nil
        // Down (an insert) on the lowest diagonal, or where the diagonal
        // above reached further than the one below; else right (a delete).
        let down = k == -d || (k != d && (below.flatMap { b in above.map { b < $0 } } ?? false))
        let trace: Trace
        if down {
          let x = above ?? -1
          trace = Trace(from: (x, x - k - 1), to: (x, x - k))
        } else {
          let x = (below ?? 0) + 1
          trace = Trace(from: (x - 1, x - k), to: (x, x - k))
        }
        guard trace.to.x <= n && trace.to.y <= m else { continue }
        traces.append(trace)
        var (x, y) = trace.to
        while x >= 0 && y >= 0 && x < n && y < m && old[x] == new[y] {
          traces.append(Trace(from: (x, y), to: (x + 1, y + 1)))
          (x, y) = (x + 1, y + 1)
        }
        furthest[slot] = x
        if x >= n && y >= m { return traces }
      }
    }
    return []
  }

  /// The path back from the last edge: one pass over the edges, newest
  /// first, taking each one that ends where the path so far starts.
  static func path(_ traces: [Trace]) -> [Trace] {
    guard var first = traces.last else { return [] }
    var path = [first]
    if first.from != (0, 0) {
      for trace in traces.reversed() where trace.to == first.from {
        path.insert(trace, at: 0)
        first = trace
        if trace.from == (0, 0) { break }
      }
    }
    return path
  }

  /// Moves as Differ pairs them: each unpaired edit, in order, with the
  /// first later unpaired edit of the other kind on an equal element.
  /// `order` lists the edits with each move's origin then target side by
  /// side; `origins` holds the edits that start a move.
  static func pairMoves<Element: Equatable>(_ edits: [Edit], _ old: [Element], _ new: [Element])
    -> (order: [Int], origins: Set<Int>)
  {
    var order: [Int] = []
    var origins = Set<Int>()
    var targets = Set<Int>()
    for candidate in edits.indices
    where !origins.contains(candidate) && !targets.contains(candidate) {
      let match = ((candidate + 1)..<edits.count).first { other in
        guard !origins.contains(other) && !targets.contains(other) else { return false }
        switch (edits[candidate], edits[other]) {
        case (.delete(let from), .insert(let to)), (.insert(let to), .delete(let from)):
          return old[from] == new[to]
        default: return false
        }
      }
      guard let match else {
        order.append(candidate)
        continue
      }
      // Differ compares the move's source with the candidate's index, of
      // either kind, to tell which of the two is the origin.
      let moveFrom: Int
      if case .delete(let from) = edits[candidate] {
        moveFrom = from
      } else {
        moveFrom = edits[match].at
      }
      let (origin, target) =
        moveFrom == edits[candidate].at ? (candidate, match) : (match, candidate)
      order += [origin, target]
      origins.insert(origin)
      targets.insert(target)
    }
    return (order, origins)
  }

  /// One patch step: the edit it came from, its kind, and its index in
  /// the array as the steps before it (in edit order) left it.
  struct PatchStep {
    var source: Int
    var edit: Edit
    var index: Int
    var isDelete: Bool {
      if case .delete = edit { return true }
      return false
    }
  }

  /// Differ's `Diff.patch(to:)`: a delete's index moved by the inserts
  /// and deletes before it; an insert keeps its new index.
  static func indexedPatch(_ edits: [Edit]) -> [PatchStep] {
    var shift = 0
    return edits.enumerated().map { source, edit in
      switch edit {
      case .delete(let at):
        defer { shift -= 1 }
        return PatchStep(source: source, edit: edit, index: at + shift)
      case .insert(let at):
        shift += 1
        return PatchStep(source: source, edit: edit, index: at)
      }
    }
  }

  /// Differ's `shiftedPatchElements`: for each step, every earlier step
  /// (in edit order) that the reordering puts after it takes its effect
  /// back: an insert's lowers the index by one, a delete's raises it.
  static func shift(_ patch: [PatchStep], place: [Int]) -> [PatchStep] {
    var shifted = patch
    for later in shifted.indices {
      for earlier in (0..<later).reversed() where place[earlier] > place[later] {
        shifted[later].index += shifted[earlier].isDelete ? 1 : -1
      }
    }
    return shifted
  }

  /// The inverse of a permutation of 0..<count.
  static func inverse(_ order: [Int]) -> [Int] {
    var place = Array(repeating: 0, count: order.count)
    for (position, value) in order.enumerated() { place[value] = position }
    return place
  }
}

/// The port as a generator of sequential steps, rows compared whole (id
/// and content), as Differ compares `Equatable` elements.
struct DifferPatchSteps: StepsDeltaGenerator {
  var name: String { "differ-extended-patch" }

  func steps(from old: [Row], to new: [Row]) -> [Step] {
    DifferExtendedPatch.steps(from: old, to: new).map { step in
      switch step {
      case .insert(let at, let row): return .insert(at: RowPath(0, at), row: row)
      case .delete(let at): return .delete(at: RowPath(0, at))
      case .move(let from, let to): return .move(from: RowPath(0, from), to: RowPath(0, to))
      }
    }
  }
}
