import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite("corpus check --exec --workers: no more generator processes than the open-file limit holds")
struct OpenFileLimitTests {
  @Test(
    "the workers that fit: a process each and the run's own, four files a process, and the reserve")
  func fitting() {
    #expect(OpenFileLimit.needed(workers: 40) == 24 + 4 * 41)
    #expect(OpenFileLimit.workers(40, limit: 64) == 9)
    #expect(OpenFileLimit.needed(workers: 9) <= 64)
    #expect(OpenFileLimit.needed(workers: 10) > 64)
    #expect(OpenFileLimit.workers(40, limit: OpenFileLimit.needed(workers: 40)) == 40)
    #expect(OpenFileLimit.workers(40, limit: OpenFileLimit.needed(workers: 40) - 1) == 39)
    #expect(OpenFileLimit.workers(3, limit: 1 << 20) == 3)
    // No room for even one: one runs, and its generator's error says why.
    #expect(OpenFileLimit.workers(8, limit: 10) == 1)
  }

  #if os(Linux) || os(macOS)
    @Test("under a limit of 64, --workers 40 runs 9 workers, passes, and says so on standard error")
    func underALowLimit() async {
      let result = await #expect(
        processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent]
      ) {
        var limits = rlimit(rlim_cur: 64, rlim_max: 64)
        guard setrlimit(OpenFileLimit.descriptorResource, &limits) == 0 else { exit(2) }
        let folder = NSTemporaryDirectory() + "batchcheck-open-files-\(getpid())"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let corpus = folder + "/cases.jsonl"
        let lines = (1...60).map { #"{"name":"c\#($0)","old":[["a","b"]],"new":[["b","a"]]}"# }
        try? Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: corpus))
        // Answers every case by deleting and inserting its one section.
        let generator =
          #"while IFS= read -r l; do echo '{"deleteSections":[0],"insertSections":[0]}'; done"#
        let run = await runCommand([
          "corpus", "check", corpus, "--exec", generator, "--workers", "40",
        ])
        FileHandle.standardOutput.write(Data(run.standardOutput.utf8))
        FileHandle.standardError.write(Data(run.standardError.utf8))
        exit(run.status)
      }
      let output = String(decoding: result?.standardOutputContent ?? [], as: UTF8.self)
      let errors = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(output.contains("60 passed, 0 failed"), "\(output)")
      #expect(errors.contains("limit is 64 (ulimit -n): running 9 workers"), "\(errors)")
    }
  #endif
}
