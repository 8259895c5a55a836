import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an output path may name: a rename replaces whatever is there, so
/// every output refuses anything but nothing yet or a writable regular file
/// (exit 74, the target left as it was), follows a symbolic link to a
/// regular file, and refuses a file the same command reads.
@Suite("output targets")
struct OutputTargetTests {
  /// `corpus generate` of one small case to `out`.
  private func generate(to out: String) async -> CommandRun {
    await runCommand([
      "corpus", "generate", "--count", "1", "--exhaustive-total", "0", "--out", out,
    ])
  }

  /// The file type bits of what `path` names, not following a link.
  private func fileType(_ path: String) -> mode_t {
    var status = stat()
    guard lstat(path, &status) == 0 else { return 0 }
    return status.st_mode & S_IFMT
  }

  @Test("a FIFO is refused and stays a FIFO")
  func fifo() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = files.directory.appendingPathComponent("out.fifo").path
    #expect(mkfifo(path, 0o644) == 0)
    let run = await generate(to: path)
    #expect(run.status == 74)
    #expect(
      run.standardError == "Error: refusing to replace \(path): not a regular file (a FIFO)\n")
    #expect(fileType(path) == S_IFIFO)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: files.directory.path) == ["out.fifo"])

    // A regression file is read before it is replaced: refused before the
    // read, which would wait for a writer. (The thread is a writer, should
    // the read start, so that a failure fails rather than hangs.)
    let regressions = files.directory.appendingPathComponent("heckel.jsonl").path
    #expect(mkfifo(regressions, 0o644) == 0)
    let writer = FIFOWriter(regressions, Data())
    let check = await runCommand(
      [
        "check", "--generator", "heckel", "--count", "0", "--save-regressions",
        files.directory.path,
      ])
    writer.finish()
    #expect(check.status == 74)
    #expect(
      check.standardError
        == "Error: refusing to replace \(regressions): not a regular file (a FIFO)\n")
    #expect(check.standardOutput == "")
    #expect(fileType(regressions) == S_IFIFO)
  }

  @Test("a character device is refused: /dev/null stays the null device")
  func devNull() async throws {
    for out in ["/dev/null", "/dev/./null"] {
      let run = await generate(to: out)
      #expect(run.status == 74)
      #expect(
        run.standardError
          == "Error: refusing to replace \(out): not a regular file (a character device)\n")
      #expect(fileType("/dev/null") == S_IFCHR)
    }
    // The same for every output option, before anything runs.
    let junit = await runCommand([
      "check", "--generator", "heckel", "--count", "0", "--junit", "/dev/null",
    ])
    #expect(junit.status == 74)
    #expect(junit.standardOutput == "")
    #expect(fileType("/dev/null") == S_IFCHR)
  }

  @Test("a device node of our own is refused and stays a device")
  func deviceNode() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = files.directory.appendingPathComponent("null").path
    // Another null device (/dev/null's numbers); creating one needs root (CAP_MKNOD).
    var null = stat()
    guard stat("/dev/null", &null) == 0, mknod(path, S_IFCHR | 0o666, null.st_rdev) == 0 else {
      return
    }
    let run = await generate(to: path)
    #expect(run.status == 74)
    #expect(run.standardError.contains("not a regular file (a character device)"))
    #expect(fileType(path) == S_IFCHR)
  }

  @Test("a symbolic link is followed: the file it leads to is replaced, the link stays a link")
  func symbolicLink() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let real = try files.write("real.jsonl", ["old"])
    let link = files.directory.appendingPathComponent("link.jsonl").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.jsonl")
    let run = await generate(to: link)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(fileType(link) == S_IFLNK)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.jsonl")
    #expect(try String(contentsOfFile: real, encoding: .utf8).hasPrefix(#"{"name":"random-0-"#))
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: files.directory.path))
        == ["real.jsonl", "link.jsonl"])

    // A link to a FIFO or to nothing is refused, and stays.
    let fifo = files.directory.appendingPathComponent("fifo").path
    #expect(mkfifo(fifo, 0o644) == 0)
    let toFifo = files.directory.appendingPathComponent("to-fifo").path
    try FileManager.default.createSymbolicLink(atPath: toFifo, withDestinationPath: "fifo")
    let refused = await generate(to: toFifo)
    #expect(refused.status == 74)
    #expect(refused.standardError.contains("not a regular file (a FIFO)"))
    #expect(fileType(toFifo) == S_IFLNK && fileType(fifo) == S_IFIFO)
    let dangling = files.directory.appendingPathComponent("dangling").path
    try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: "nowhere")
    let nowhere = await generate(to: dangling)
    #expect(nowhere.status == 74)
    #expect(nowhere.standardError.contains("a symbolic link to nothing that exists"))
    #expect(fileType(dangling) == S_IFLNK)
  }

  /// Tests run as root, for whom `access(W_OK)` succeeds on any file: a
  /// file is read-only when its mode has no write bit, whoever runs.
  @Test("a read-only file is refused and keeps its content and mode")
  func readOnly() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("locked.jsonl", ["kept"])
    #expect(chmod(path, 0o444) == 0)
    let run = await generate(to: path)
    #expect(run.status == 74)
    #expect(run.standardError == "Error: refusing to replace \(path): the file is read-only\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "kept\n")
    var status = stat()
    #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o444)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: files.directory.path) == ["locked.jsonl"])
  }

  @Test("an output that is also an input is refused, however the path names it")
  func outputIsInput() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let corpus = try files.write("corpus.jsonl", [Lines.agrees])
    let folder = files.directory.path
    let link = folder + "/link.jsonl"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: corpus)
    for output in [corpus, folder + "/./corpus.jsonl", link] {
      for option in ["--write-expectations", "--junit"] {
        let run = await runCommand([
          "corpus", "check", corpus, "--generator", "heckel", option, output,
        ])
        #expect(run.status == 74, "\(option) \(output)")
        #expect(
          run.standardError
            == "Error: refusing to replace \(output): it is also an input (\(corpus)); name another output file\n"
        )
        #expect(run.standardOutput == "")
      }
    }
    // --expect is an input too.
    let expect = try files.write("expect.jsonl", [])
    let expected = await runCommand(
      ["corpus", "check", corpus, "--generator", "heckel", "--expect", expect, "--junit", expect])
    #expect(expected.status == 74)
    #expect(try String(contentsOfFile: expect, encoding: .utf8) == "")

    // merge --junit naming one of the reports.
    let report = try files.write("shard.json", ["{}"])
    let merge = await runCommand([
      "merge", report, "--junit",
      folder + "/../" + files.directory.lastPathComponent + "/shard.json",
    ])
    #expect(merge.status == 74)
    #expect(merge.standardError.contains("it is also an input (\(report))"))
    #expect(try String(contentsOfFile: report, encoding: .utf8) == "{}\n")

    // check --junit naming the regression file it replays and appends to.
    let regressions = try files.write("heckel.jsonl", [Lines.noExpectation])
    let check = await runCommand(
      [
        "check", "--generator", "heckel", "--count", "0", "--save-regressions", folder, "--junit",
        regressions,
      ])
    #expect(check.status == 74)
    #expect(check.standardError.contains("it is also an input"))
    #expect(try String(contentsOfFile: regressions, encoding: .utf8) == Lines.noExpectation + "\n")
    #expect(try String(contentsOfFile: corpus, encoding: .utf8) == Lines.agrees + "\n")
  }
}
