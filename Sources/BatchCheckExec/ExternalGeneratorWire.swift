import BatchCheck
import BatchCheckCorpus

/// The `--exec` wire's lines read fast: an answer line straight into an
/// update's index arrays, a request line straight into rows, without a
/// JSON tree, a `String` per key or a node per number.
///
/// Each reader takes only the plain spelling of its line: the one
/// `CaseJSONBytes` writes, or a JSON library's with white space between the
/// tokens; known keys once each (an update's in any order, a request's
/// `old` then `new`), strings of printable ASCII without escapes, integers
/// that fit in 64 bits. For anything else it returns nil, and the caller
/// reads the line with the general parser (`CaseDecoder`), which accepts every spelling and words
/// every error with its column. So what a line means, and what is wrong
/// with it, is the general parser's alone: a fast read gives the same value
/// or none (the wire tests hold them to that on random and hostile lines).
package enum ExternalGeneratorWire {
  /// The update of an answer line, or nil: read it with
  /// `CaseDecoder.decodeUpdate`.
  ///
  ///     ExternalGeneratorWire.update(Array(#"{"deleteRows":[[0,1]]}"#.utf8))
  ///     // BatchUpdate(deleteRows: [RowPath(0, 1)])
  package static func update(_ line: [UInt8]) -> BatchUpdate? {
    line.withUnsafeBufferPointer { update($0) }
  }

  /// The update of an answer line where it lies, or nil.
  package static func update(_ line: UnsafeBufferPointer<UInt8>) -> BatchUpdate? {
    guard line.count <= CaseDecoder.maxLineBytes else { return nil }
    var cursor = PlainJSONCursor(line)
    return cursor.update()
  }

  /// The old and new sections of a request line, or nil: read it with
  /// `Case(jsonLine:)`.
  ///
  ///     ExternalGeneratorWire.request(Array(#"{"old":[["a"]],"new":[[1]]}"#.utf8))
  ///     // ([[Row("a")]], [[Row(1)]])
  package static func request(_ line: UnsafeBufferPointer<UInt8>) -> (old: [[Row]], new: [[Row]])? {
    guard line.count <= CaseDecoder.maxLineBytes else { return nil }
    var cursor = PlainJSONCursor(line)
    return cursor.request()
  }

  /// The old and new sections of a request line, or nil.
  package static func request(_ line: [UInt8]) -> (old: [[Row]], new: [[Row]])? {
    line.withUnsafeBufferPointer { request($0) }
  }
}

extension ExternalGeneratorWire {
  /// The index of the first line break in `bytes` from `start` on: where a
  /// line read from a pipe ends.
  package static func firstNewline(in bytes: [UInt8], from start: Int) -> Int? {
    bytes.withUnsafeBufferPointer { CaseFile.firstNewline(in: $0, from: start) }
  }
}
