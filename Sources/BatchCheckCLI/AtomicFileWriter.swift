#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a file all at once: the text goes to a temporary file in the
/// target's folder, which is flushed to disk and then renamed over the target.
///
///     try writeAtomically(to: "corpus.jsonl") { file throws(CommandError) in
///       for line in lines { try file.write(line + "\n") }
///     }
///     // corpus.jsonl now holds every line; until the rename it held what it held before
///
/// Why: `rename(2)` replaces the target in one step, so a reader, or the
/// file left behind by a process killed at any moment (SIGKILL included),
/// sees either the previous content or the complete new content, never a
/// part. The temporary file lies in the same folder because a rename is
/// atomic only within one file system.
///
/// The steps:
///
/// 1. Create `<target>.batchcheck-tmp-<16 hexadecimal digits>` beside the
///    target, exclusively (`O_EXCL`; another name is drawn if it exists),
///    with the target's permissions when it exists and `0666` less the umask
///    otherwise.
/// 2. Run `body`, which writes through a 64 KiB buffer, so that a large file
///    streams to disk in bounded memory.
/// 3. Flush the buffer, `fsync`, close, and `rename` over the target.
///
/// When `body` throws or a step fails, the temporary file is removed and the
/// target is untouched. A process killed before the rename leaves its
/// temporary file behind; the marker `.batchcheck-tmp-` in its name says
/// whose it is (`rm *.batchcheck-tmp-*` removes them, when nothing is
/// writing). The temporary file never ends in `.jsonl`, so nothing reads it
/// as a case file.
///
/// - Parameters:
///   - path: the target file; its folder must exist.
///   - body: writes the new content through the `AtomicFileWriter`.
/// - Throws: `.unwritableFile` naming `path` (exit status 74) when the
///   folder cannot be written, `path` is a folder, or a write fails; what
///   `body` throws.
func writeAtomically(
  to path: String, _ body: (inout AtomicFileWriter) throws(CommandError) -> Void
) throws(CommandError) {
  var writer = try AtomicFileWriter(target: path)
  do throws(CommandError) {
    try body(&writer)
    try writer.commit()
  } catch {
    writer.discard()
    throw error
  }
}

/// Writes `text` to `path` atomically (`writeAtomically(to:_:)`).
///
/// - Throws: `.unwritableFile` naming the path.
func writeAtomically(_ text: String, to path: String) throws(CommandError) {
  try writeAtomically(to: path) { writer throws(CommandError) in try writer.write(text) }
}

/// The temporary file behind `writeAtomically(to:_:)`: buffered writes, then
/// a commit that renames it over the target, or a discard that removes it.
struct AtomicFileWriter {
  /// What every temporary file's name holds after the target's name.
  static let temporaryMarker = ".batchcheck-tmp-"
  /// The buffer is written out once it holds this many bytes.
  static let bufferLimit = 1 << 16

  /// The file the content is for.
  let target: String
  /// The temporary file beside it.
  let temporaryPath: String
  private var descriptor: Int32
  private var buffer: [UInt8] = []

  /// Creates the temporary file beside `target`.
  ///
  /// - Throws: `.unwritableFile` when `target` is a folder or the temporary
  ///   file cannot be created.
  init(target: String) throws(CommandError) {
    self.target = target
    var status = stat()
    let exists = stat(target, &status) == 0
    if exists, status.st_mode & S_IFMT == S_IFDIR {
      throw .unwritableFile(target, reason: "is a directory")
    }
    var random = SystemRandomNumberGenerator()
    var path = ""
    var descriptor: Int32 = -1
    for _ in 0..<100 {
      let suffix = String(random.next(), radix: 16)
      path =
        target + Self.temporaryMarker + String(repeating: "0", count: 16 - suffix.count) + suffix
      descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw Self.failure(target) }
    if exists { _ = fchmod(descriptor, status.st_mode & 0o7777) }
    temporaryPath = path
    self.descriptor = descriptor
    buffer.reserveCapacity(Self.bufferLimit)
  }

  /// Appends `text`, as UTF-8, to the new content.
  ///
  /// - Throws: `.unwritableFile` when writing out the buffer fails.
  mutating func write(_ text: String) throws(CommandError) {
    buffer.append(contentsOf: text.utf8)
    if buffer.count >= Self.bufferLimit { try flush() }
  }

  /// Writes the buffer to the temporary file, all of it.
  private mutating func flush() throws(CommandError) {
    var written = 0
    while written < buffer.count {
      let result = buffer.withUnsafeBytes { bytes in
        writeBytes(descriptor, UnsafeRawBufferPointer(rebasing: bytes[written...]))
      }
      if result < 0 {
        if errno == EINTR { continue }
        throw Self.failure(target)
      }
      written += result
    }
    buffer.removeAll(keepingCapacity: true)
  }

  /// Flushes, syncs and closes the temporary file, then renames it over the target.
  mutating func commit() throws(CommandError) {
    try flush()
    guard fsync(descriptor) == 0 else { throw Self.failure(target) }
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0, rename(temporaryPath, target) == 0 else { throw Self.failure(target) }
  }

  /// Closes and removes the temporary file, leaving the target as it was.
  mutating func discard() {
    if descriptor >= 0 { _ = close(descriptor) }
    descriptor = -1
    _ = unlink(temporaryPath)
  }

  /// The error for the last failed system call, `errno`'s text as the reason.
  private static func failure(_ target: String) -> CommandError {
    .unwritableFile(target, reason: String(cString: strerror(errno)))
  }
}

/// `write(2)` of `bytes` to `descriptor`: the number of bytes written, or -1.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
  guard let base = bytes.baseAddress else { return 0 }
  return write(descriptor, base, bytes.count)
}
