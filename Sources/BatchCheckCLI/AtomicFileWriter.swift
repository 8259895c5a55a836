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
/// What the target may be (`checkOutput(_:inputs:)`, before the first step
/// and again just before the rename): nothing yet, or a regular file that has
/// a write permission bit and that this process may write. A rename replaces
/// whatever the name names, so anything else is refused with
/// `.refusedOutput` (exit status 74), never replaced: a device such as
/// `/dev/null`, a FIFO, a socket, a read-only file. A symbolic link is
/// followed: the regular file it resolves to is replaced (its temporary file
/// lies beside that file) and the link stays a link; a link that resolves to
/// nothing is refused. Read-only means no write bit in the mode (`chmod a-w`)
/// as well as `access(W_OK)` failing: root passes `access` whatever the
/// bits say, and a file marked read-only is not replaced for root either.
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
///   folder cannot be written, `path` is a folder, or a write fails;
///   `.refusedOutput` (74) when `path` names something other than a
///   regular file that may be replaced; what `body` throws.
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

  /// The file the content is for, as named.
  let target: String
  /// The name the temporary file is renamed to: `target`, or the regular
  /// file it resolves to when it is a symbolic link.
  let replacedPath: String
  /// The temporary file beside it.
  let temporaryPath: String
  private var descriptor: Int32
  private var buffer: [UInt8] = []

  /// Creates the temporary file beside `target`.
  ///
  /// - Throws: `.unwritableFile` when `target` is a folder or the temporary
  ///   file cannot be created; `.refusedOutput` when it may not be replaced.
  init(target: String) throws(CommandError) {
    self.target = target
    let file = try OutputTarget(target)
    replacedPath = file.path
    var random = SystemRandomNumberGenerator()
    var path = ""
    var descriptor: Int32 = -1
    for _ in 0..<100 {
      let suffix = String(random.next(), radix: 16)
      path =
        file.path + Self.temporaryMarker + String(repeating: "0", count: 16 - suffix.count) + suffix
      descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if descriptor >= 0 || errno != EEXIST { break }
    }
    guard descriptor >= 0 else { throw Self.failure(target) }
    if let mode = file.mode { _ = fchmod(descriptor, mode & 0o7777) }
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

  /// Flushes, syncs and closes the temporary file, checks the target again,
  /// then renames the temporary file over it.
  mutating func commit() throws(CommandError) {
    try flush()
    guard fsync(descriptor) == 0 else { throw Self.failure(target) }
    let closed = close(descriptor)
    descriptor = -1
    guard closed == 0 else { throw Self.failure(target) }
    // The target may have changed since `init`: check it again, as late as can be.
    let file = try OutputTarget(target)
    guard file.path == replacedPath else {
      throw .refusedOutput(target, reason: "it changed while it was being written")
    }
    guard rename(temporaryPath, replacedPath) == 0 else { throw Self.failure(target) }
  }

  /// Closes and removes the temporary file, leaving the target as it was.
  mutating func discard() {
    if descriptor >= 0 { _ = close(descriptor) }
    descriptor = -1
    _ = unlink(temporaryPath)
  }

  /// The error for the last failed system call, `errno`'s text as the reason.
  private static func failure(_ target: String) -> CommandError {
    .unwritableFile(target, reason: errnoText())
  }
}

/// `write(2)` of `bytes` to `descriptor`: the number of bytes written, or -1.
private func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int {
  guard let base = bytes.baseAddress else { return 0 }
  return write(descriptor, base, bytes.count)
}

/// Throws unless `path` may be replaced by `writeAtomically(to:_:)` (nothing
/// there yet, or a regular file it may replace) and is none of `inputs`, the
/// files the command reads. Commands call it before they start, so that a
/// wrong output path fails at once rather than after the whole run.
///
/// An output that is also an input would be replaced while, or after, it is
/// read: the input is lost. Files are compared by identity (device and inode,
/// symbolic links followed), so `./a`, `a`, a link to `a` and a hard link all
/// match; `-` (standard input) is compared with what standard input is.
///
/// - Parameters:
///   - path: an output path; nil: none, nothing is checked.
///   - inputs: the paths the command reads; nil entries are skipped.
/// - Throws: `.refusedOutput` (exit status 74), `.unwritableFile` for a folder.
func checkOutput(_ path: String?, inputs: [String?]) throws(CommandError) {
  guard let path else { return }
  let output = try OutputTarget(path)
  guard let identity = output.identity else { return }
  for case let input? in inputs where FileIdentity(input) == identity {
    throw .refusedOutput(path, reason: "it is also an input (\(input)); name another output file")
  }
}

/// What an output path names, checked: the path to rename onto and the
/// existing file's mode and identity.
struct OutputTarget {
  /// The path itself, or the regular file a symbolic link resolves to.
  let path: String
  /// The existing file's mode; nil when there is no file yet.
  let mode: mode_t?
  /// The existing file's identity; nil when there is no file yet.
  let identity: FileIdentity?

  /// Checks `target` (`writeAtomically(to:_:)` says what may be replaced).
  ///
  /// - Throws: `.unwritableFile` for a folder or a failing `lstat`,
  ///   `.refusedOutput` for anything else but a writable regular file.
  init(_ target: String) throws(CommandError) {
    var status = stat()
    guard lstat(target, &status) == 0 else {
      guard errno == ENOENT else { throw .unwritableFile(target, reason: errnoText()) }
      (path, mode, identity) = (target, nil, nil)
      return
    }
    var resolved = target
    if status.st_mode & S_IFMT == S_IFLNK {
      guard let real = realpath(target, nil) else {
        throw .refusedOutput(
          target, reason: "a symbolic link to nothing that exists (\(errnoText()))")
      }
      resolved = String(cString: real)
      free(real)
      guard lstat(resolved, &status) == 0 else {
        throw .unwritableFile(target, reason: errnoText())
      }
    }
    let fileType = status.st_mode & S_IFMT
    if fileType == S_IFDIR { throw .unwritableFile(target, reason: "is a directory") }
    guard fileType == S_IFREG else {
      throw .refusedOutput(target, reason: "not a regular file (\(fileTypeName(fileType)))")
    }
    guard status.st_mode & 0o222 != 0, access(resolved, W_OK) == 0 else {
      throw .refusedOutput(target, reason: "the file is read-only")
    }
    (path, mode, identity) = (resolved, status.st_mode, FileIdentity(status))
  }
}

/// A file's identity: its device and inode numbers.
struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }

  /// The identity of the file `path` names, symbolic links followed, or of
  /// standard input for `-`; nil when there is none.
  init?(_ path: String) {
    var status = stat()
    let result = path == "-" ? fstat(0, &status) : stat(path, &status)
    guard result == 0 else { return nil }
    self.init(status)
  }
}

/// `a FIFO`, `a character device`...: what a file of type `fileType` (`st_mode & S_IFMT`) is.
private func fileTypeName(_ fileType: mode_t) -> String {
  switch fileType {
  case S_IFIFO: return "a FIFO"
  case S_IFCHR: return "a character device"
  case S_IFBLK: return "a block device"
  case S_IFSOCK: return "a socket"
  default: return "file type 0o" + String(fileType, radix: 8)
  }
}

/// `strerror(errno)`.
private func errnoText() -> String {
  String(cString: strerror(errno))
}
