import Foundation

/// The last `capacity` bytes of a stream.
struct ByteTail {
  let capacity: Int
  private(set) var bytes: [UInt8] = []
  /// Whether bytes were dropped from the front.
  private(set) var truncated = false

  init(capacity: Int) {
    self.capacity = max(capacity, 0)
  }

  mutating func append(_ more: ArraySlice<UInt8>) {
    bytes += more.suffix(capacity)
    if bytes.count > capacity {
      bytes.removeFirst(bytes.count - capacity)
      truncated = true
    } else if more.count > capacity {
      truncated = true
    }
  }

  /// The tail as text, from the first whole line when bytes were dropped;
  /// nil when there is nothing but white space.
  var text: String? {
    var start = bytes.startIndex
    if truncated, let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline + 1 < bytes.count
    {
      start = newline + 1
    }
    let text = String(decoding: bytes[start...], as: UTF8.self).trimmingCharacters(
      in: .whitespacesAndNewlines)
    guard !text.isEmpty else { return nil }
    return truncated ? "...\n" + text : text
  }
}
