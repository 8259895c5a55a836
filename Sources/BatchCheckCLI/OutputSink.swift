import Foundation

/// Where a command writes its text: standard output and standard error.
///
/// Commands never print directly, so tests run them in process and compare
/// the exact text (`CapturedOutput`), while the executable writes to the real
/// streams (`StandardOutput`).
package protocol OutputSink {
  /// Appends `text` to standard output; `text` carries its own line breaks.
  mutating func writeOutput(_ text: String)
  /// Appends `text` to standard error; `text` carries its own line breaks.
  mutating func writeError(_ text: String)
  /// Writes out anything buffered; called once when a command ends.
  mutating func flush()
}

extension OutputSink {
  /// Does nothing: a sink that buffers nothing has nothing to flush.
  package mutating func flush() {}
}

/// Text collected in memory, for tests.
///
///     var output = CapturedOutput()
///     let status = await BatchCheckCommand.run(["--help"], output: &output)
///     // status == 0, output.standardOutput starts with "OVERVIEW:"
package struct CapturedOutput: OutputSink, Sendable {
  /// Everything written to standard output.
  package var standardOutput = ""
  /// Everything written to standard error.
  package var standardError = ""

  /// Creates an empty collector.
  package init() {}

  /// Appends `text` to `standardOutput`.
  package mutating func writeOutput(_ text: String) { standardOutput += text }
  /// Appends `text` to `standardError`.
  package mutating func writeError(_ text: String) { standardError += text }
}

/// The process's standard output (buffered) and standard error (unbuffered).
///
/// Standard output is flushed before anything is written to standard error,
/// so that the two interleave in order on a terminal.
package struct StandardOutput: OutputSink {
  private var buffer: [UInt8] = []
  private static let bufferLimit = 1 << 16

  /// Creates a sink for the process's own streams.
  package init() {}

  /// Buffers `text`, writing the buffer out once it holds 64 KiB.
  package mutating func writeOutput(_ text: String) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.bufferLimit { flush() }
  }

  /// Writes `text` to standard error at once, after flushing standard output.
  package mutating func writeError(_ text: String) {
    flush()
    // A closed stream is not worth a crash: write errors are ignored.
    try? FileHandle.standardError.write(contentsOf: Data(text.utf8))
  }

  /// Writes out what standard output has buffered.
  package mutating func flush() {
    guard !buffer.isEmpty else { return }
    try? FileHandle.standardOutput.write(contentsOf: Data(buffer))
    buffer.removeAll(keepingCapacity: true)
  }
}
