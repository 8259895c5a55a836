import Foundation

/// Where a command writes its text: standard output and standard error.
///
/// Commands never print directly, so tests run them in process and compare
/// the exact text (`CapturedOutput`), while the executable writes to the real
/// streams (`StandardOutput`).
public protocol OutputSink {
  /// Appends `text` to standard output; `text` carries its own line breaks.
  mutating func writeOutput(_ text: String)
  /// Appends `text` to standard error; `text` carries its own line breaks.
  mutating func writeError(_ text: String)
  /// Writes out anything buffered; called once when a command ends.
  mutating func flush()
}

extension OutputSink {
  public mutating func flush() {}
}

/// Text collected in memory, for tests.
///
///     var output = CapturedOutput()
///     let status = BatchCheckCommand.run(["--help"], output: &output)
///     // status == 0, output.standardOutput starts with "OVERVIEW:"
public struct CapturedOutput: OutputSink, Sendable {
  /// Everything written to standard output.
  public var standardOutput = ""
  /// Everything written to standard error.
  public var standardError = ""

  public init() {}

  public mutating func writeOutput(_ text: String) { standardOutput += text }
  public mutating func writeError(_ text: String) { standardError += text }
}

/// The process's standard output (buffered) and standard error (unbuffered).
///
/// Standard output is flushed before anything is written to standard error,
/// so that the two interleave in order on a terminal.
public struct StandardOutput: OutputSink {
  private var buffer: [UInt8] = []
  private static let bufferLimit = 1 << 16

  public init() {}

  public mutating func writeOutput(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.bufferLimit { flush() }
  }

  public mutating func writeError(_ text: String) {
    flush()
    FileHandle.standardError.write(Data(text.utf8))
  }

  public mutating func flush() {
    guard !buffer.isEmpty else { return }
    FileHandle.standardOutput.write(Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}
