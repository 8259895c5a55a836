import BatchCheckCorpus
import BatchCheckTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Processes killed while they write a file: the built `batchcheck` is run as
/// a child, stopped by a signal in the middle of a write, and the target file
/// is then compared byte for byte with what it held before.
///
/// What these tests prove, and what they do not:
///
/// - `corpus generate --out` streams its cases to a temporary file beside the
///   target and renames it at the end (`writeAtomically(to:_:)`). The child
///   writes 2,000,000 cases; the test waits until the temporary file exists
///   and holds data (so the child is provably mid-write: the rename comes
///   only after the last case), sends SIGKILL, and finds the target
///   byte-identical to its previous content, and the partial output only in
///   the temporary file, which is a prefix of what the command writes. No
///   code of the child runs after SIGKILL, so this is the state any crash
///   leaves (a machine crash aside: that is what the `fsync` before the
///   rename is for, and no test here pulls the plug).
/// - `check --save-regressions` rewrites `<folder>/<generator>.jsonl`
///   through `RegressionFile.append` → `writeAtomically(_:to:)` → the same
///   `writeAtomically(to:_:)`. Its write is one short burst at the end of a
///   run, too short to aim a SIGKILL at without racing it, so two tests
///   cover it. One limits the child's file size (`ulimit -f`) below the new
///   content: the kernel stops the write at exactly that size, every time
///   (the child's writing thread blocks SIGXFSZ, so it sees `EFBIG` rather
///   than dying), and the target is byte-identical afterwards while the
///   temporary file is removed and the exit status is 74. The other sends
///   SIGKILL the moment the temporary file appears; the target must then be
///   byte-identical to its previous content while the temporary file
///   survives (the kill came before the rename), or hold the previous
///   content plus the new line (it came after): never anything else. Which
///   of the two happened depends on timing, so only the invariant is
///   asserted; the kill mid-write itself is proven by the first test, on the
///   same writer.
///
/// Each test takes about a second in a debug build; waits are bounded by a
/// generous deadline that only a broken child would reach, and no duration
/// is asserted.
@Suite("killed while writing", .serialized)
struct KillDuringWriteTests {
  @Test("SIGKILL in the middle of corpus generate --out leaves the previous file byte-identical")
  func corpusGenerate() throws {
    let executable = try #require(EndToEndTests.executable, "no built batchcheck")
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let previous = Data(GeneratedCorpus(seed: 9, count: 200, maxSize: 12).text.utf8)
    let target = files.directory.appendingPathComponent("corpus.jsonl")
    try previous.write(to: target)
    let child = try start(
      executable,
      ["corpus", "generate", "--count", "2000000", "--max-size", "12", "--out", target.path])
    let temporary = try #require(
      waitForTemporaryFile(of: target, holdingData: true, while: child), "no temporary file")
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)

    #expect(try Data(contentsOf: target) == previous)
    // The partial output is only in the temporary file: a prefix of the corpus.
    let partial = try Data(contentsOf: temporary)
    #expect(!partial.isEmpty)
    var expected = Data()
    for testCase in GeneratedCorpus(count: 2_000_000, maxSize: 12) {
      if expected.count >= partial.count { break }
      expected.append(contentsOf: (testCase.jsonLine + "\n").utf8)
    }
    #expect(expected.starts(with: partial))
    #expect(partial.count < expected.count || partial == expected)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: files.directory.path))
        == ["corpus.jsonl", temporary.lastPathComponent])
  }

  @Test(
    "check --save-regressions cut short by a file size limit: the file stays byte-identical"
  )
  func regressionsCutShort() throws {
    let executable = try #require(EndToEndTests.executable, "no built batchcheck")
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let (target, previous) = try regressionFile(in: files)
    // 256 blocks: 128 KiB (sh's 512-byte blocks) or 256 KiB (bash's 1 KiB),
    // either way less than the 600 KB the rewrite needs.
    let child = try start(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", #"ulimit -c 0; ulimit -f 256; exec "$0" "$@""#, executable.path]
        + saveRegressions(in: files))
    child.waitUntilExit()
    #expect(try Data(contentsOf: target) == previous)
    let names = try FileManager.default.contentsOfDirectory(atPath: files.directory.path)
    if child.terminationReason == .exit {
      // The write failed (EFBIG): exit 74, and the temporary file is removed.
      #expect(child.terminationStatus == 74)
      #expect(names == ["ds.jsonl"])
    } else {
      // Where the writing thread does not block SIGXFSZ, the signal kills it.
      #expect(child.terminationStatus == SIGXFSZ)
      #expect(names.allSatisfy { $0 == "ds.jsonl" || $0.hasPrefix("ds.jsonl.batchcheck-tmp-") })
    }

    // Without the limit the same run appends its counterexample: the limit
    // is what stopped it, in the middle of the file.
    let free = try start(executable, saveRegressions(in: files))
    free.waitUntilExit()
    #expect(free.terminationStatus == 1)
    let rewritten = try Data(contentsOf: target)
    #expect(rewritten.starts(with: previous) && rewritten.count > previous.count)
  }

  @Test(
    "SIGKILL as check --save-regressions starts its write: the previous file or the whole new one")
  func regressionsKilled() throws {
    let executable = try #require(EndToEndTests.executable, "no built batchcheck")
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let (target, previous) = try regressionFile(in: files)
    let child = try start(
      executable, saveRegressions(in: files))
    let temporary = waitForTemporaryFile(of: target, holdingData: false, while: child)
    kill(child.processIdentifier, SIGKILL)
    child.waitUntilExit()
    let now = try Data(contentsOf: target)
    if let temporary, FileManager.default.fileExists(atPath: temporary.path) {
      #expect(now == previous, "killed before the rename: the previous content, byte for byte")
    } else {
      let added = now.dropFirst(previous.count)
      #expect(now.starts(with: previous), "killed after the rename: the previous content first")
      #expect(String(decoding: added, as: UTF8.self).hasPrefix(#"{"name":"ds-exhaustive-"#))
      #expect(
        added.last == UInt8(ascii: "\n") && added.filter { $0 == UInt8(ascii: "\n") }.count == 1)
    }
  }

  // MARK: Helpers

  /// `<folder>/ds.jsonl` holding 10,000 cases that `ds` passes (each row
  /// kept), about 600 KB, so that a run appends `ds`'s exhaustive failure by
  /// rewriting them all; returns its URL and content.
  private func regressionFile(in files: TemporaryDirectory) throws -> (URL, Data) {
    let lines = (0..<10_000).map { index in
      #"{"name":"kept-\#(index)","old":[[\#(index),\#(index + 1)]],"new":[[\#(index),\#(index + 1)]]}"#
    }
    let path = try files.write("ds.jsonl", lines)
    let url = URL(fileURLWithPath: path)
    return (url, try Data(contentsOf: url))
  }

  /// `check --generator ds --first-failure --count 0 --save-regressions
  /// <folder>`: the regression corpus, then the exhaustive pairs, where `ds`
  /// fails; one counterexample is appended.
  private func saveRegressions(in files: TemporaryDirectory) -> [String] {
    [
      "check", "--generator", "ds", "--first-failure", "--count", "0", "--save-regressions",
      files.directory.path,
    ]
  }

  /// Starts `executable` with `arguments`, its output discarded.
  private func start(_ executable: URL, _ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Waits until a temporary file of `target` exists (and holds data, when
  /// `holdingData`); returns it. Nil when `child` ends first, or when
  /// nothing shows within two minutes, far more than the child needs (the
  /// test then fails and the child is killed). Without `holdingData` the
  /// folder is checked with no pause, to catch the file's first moment.
  private func waitForTemporaryFile(
    of target: URL, holdingData: Bool, while child: Process
  ) -> URL? {
    let folder = target.deletingLastPathComponent()
    let prefix = target.lastPathComponent + ".batchcheck-tmp-"
    var found: URL?
    waitUntil(
      "a temporary file of \(target.lastPathComponent) shows, or the child ends", timeout: 120,
      pause: holdingData ? 0.001 : 0
    ) {
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if let name = names.first(where: { $0.hasPrefix(prefix) }) {
        let url = folder.appendingPathComponent(name)
        let size =
          (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)?
          .intValue
        if !holdingData || (size ?? 0) > 0 {
          found = url
          return true
        }
      }
      return !child.isRunning
    }
    if found == nil && child.isRunning { kill(child.processIdentifier, SIGKILL) }
    return found
  }
}
