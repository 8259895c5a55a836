/// The lines of a trace, shared by the steps that write them, bounded: it
/// keeps the first `headLimit` lines and the last `tailLimit` (a ring
/// buffer), and counts the ones between, which `lines` gives as one line
/// `… N more steps`. A trace of a million reloads so costs 81 lines, while
/// simulating and in every report (text, JSON, JUnit), never a million.
final class TraceLog {
  /// The lines kept from the start of a trace.
  static let headLimit = 40
  /// The lines kept from the end of a trace.
  static let tailLimit = 40

  private var head: [String] = []
  /// The last lines, oldest at `tailStart` once the buffer is full.
  private var tail: [String] = []
  private var tailStart = 0
  /// Every line appended, kept or not.
  private(set) var count = 0
  /// Put before each line appended (a stage's trace is indented).
  var indent = ""

  init() {}

  /// Appends one line; past the head, the oldest line of the tail makes way.
  func append(_ line: String) {
    let line = indent.isEmpty ? line : indent + line
    count += 1
    if head.count < Self.headLimit {
      head.append(line)
    } else if tail.count < Self.tailLimit {
      tail.append(line)
    } else {
      tail[tailStart] = line
      tailStart = (tailStart + 1) % Self.tailLimit
    }
  }

  /// Appends each line of `lines`, in order.
  func append(contentsOf lines: some Sequence<String>) {
    for line in lines { append(line) }
  }

  /// The line that stands for `omitted` lines between the head and the tail.
  static func omission(_ omitted: Int) -> String {
    "… \(counted(omitted, "more step"))"
  }

  /// The trace: every line when there are at most `headLimit + tailLimit`,
  /// else the first ones, `… N more steps`, and the last ones.
  var lines: [String] {
    var result = head
    let omitted = count - head.count - tail.count
    if omitted > 0 { result.append(Self.omission(omitted)) }
    result += tail[tailStart...]
    result += tail[..<tailStart]
    return result
  }
}
