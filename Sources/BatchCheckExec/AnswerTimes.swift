/// The latest answer times of a generator (seconds per byte of their
/// case), and their median, from which `ExternalGenerator` learns a case's
/// time limit after a first hang.
struct AnswerTimes {
  /// How many of the latest answers are kept.
  static let capacity = 256

  private var times: [Double] = []
  private var next = 0
  private var added = 0
  /// The median of the kept times, brought up to date every 64 answers; 0
  /// before any.
  private(set) var median = 0.0

  /// Keeps one more answer's time, dropping the oldest beyond `capacity`.
  ///
  /// - Complexity: O(1), and O(*c* log *c*) every 64 calls for *c* = `capacity`.
  mutating func add(_ seconds: Double) {
    if times.count < Self.capacity {
      times.append(seconds)
    } else {
      times[next] = seconds
      next = (next + 1) % Self.capacity
    }
    added &+= 1
    if added <= 64 || added % 64 == 0 {
      let sorted = times.sorted()
      median = sorted[sorted.count / 2]
    }
  }
}
