import BatchCheck

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A way for `batchcheck answer` to misbehave on purpose (`--misbehave`),
/// so that the crash limit, the learned time limit and their cost can be
/// tried and timed without writing a broken generator:
///
/// - `crash-on-triples`: exits with status 3, instead of answering, on a
///   case whose new rows hold some id three times or more;
/// - `die-every:N`: exits with status 1 instead of answering its *N*th case
///   (every process counts from its start), as a generator with a leak does;
/// - `hang-on:A,B`: never answers a case of *A* old rows and *B* new rows,
///   in all sections.
///
///     AnswerMischief(parsing: "hang-on:2,3")  // .hang(oldRows: 2, newRows: 3)
///
/// Answers before the one it fails are written first, as a real generator's
/// would be.
enum AnswerMischief: Equatable, Sendable {
  case crashOnTriples
  case dieEvery(Int)
  case hang(oldRows: Int, newRows: Int)

  /// What the process does instead of answering a case.
  enum Strike: Equatable {
    case exit(Int32)
    case hang
  }

  /// The spellings `--misbehave` accepts, for its help and its error.
  static let spellings = "crash-on-triples, die-every:N (N >= 1) or hang-on:A,B (rows old, new)"

  /// Reads `crash-on-triples`, `die-every:N` or `hang-on:A,B`; nil for
  /// anything else.
  init?(parsing text: String) {
    if text == "crash-on-triples" {
      self = .crashOnTriples
      return
    }
    let parts = text.split(separator: ":", maxSplits: 1).map(String.init)
    guard parts.count == 2 else { return nil }
    switch parts[0] {
    case "die-every":
      guard let every = Int(parts[1]), every >= 1 else { return nil }
      self = .dieEvery(every)
    case "hang-on":
      let sizes = parts[1].split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
      guard sizes.count == 2, let old = sizes[0], let new = sizes[1], old >= 0, new >= 0 else {
        return nil
      }
      self = .hang(oldRows: old, newRows: new)
    default:
      return nil
    }
  }

  /// What to do instead of answering the `number`th case (from 1) of this
  /// process, `old` → `new`; nil: answer it.
  ///
  /// - Complexity: O(*n*), where *n* is the number of rows of the case.
  func strike(number: Int, old: [[Row]], new: [[Row]]) -> Strike? {
    switch self {
    case .crashOnTriples:
      var counts: [RowValue: Int] = [:]
      for row in new.joined() {
        counts[row.id, default: 0] += 1
        if counts[row.id] == 3 { return .exit(3) }
      }
      return nil
    case .dieEvery(let every):
      return number % every == 0 ? .exit(1) : nil
    case .hang(let oldRows, let newRows):
      let matches =
        old.reduce(0) { $0 + $1.count } == oldRows && new.reduce(0) { $0 + $1.count } == newRows
      return matches ? .hang : nil
    }
  }

  /// Carries out `strike`: the process ends, or waits until it is killed.
  func carryOut(_ strike: Strike) -> Never {
    switch strike {
    case .exit(let status): exit(status)
    case .hang:
      while true { sleep(3600) }
    }
  }
}
