import BatchCheckTestSupport
import Testing

@testable import BatchCheckCLI

/// `batchcheck bench`: what it prints and how it fails; never how fast.
@Suite("bench command")
struct BenchCommandTests {
  @Test("a small run reports the workload, the best time and the peak memory")
  func smallRun() async {
    let run = await runCommand([
      "bench", "--rows", "2000", "--operations", "200", "--repeat", "2", "--cases", "500",
      "--max-size", "20",
    ])
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.first?.hasPrefix("simulator: 2000 rows, ") == true)
    #expect(lines.first?.hasSuffix(" operations (valid)") == true)
    for uikit in ["iOS 18", "iOS 12"] {
      #expect(
        lines.contains {
          $0.hasPrefix("  \(uikit), fast path, best of 2: ") && $0.contains(" s per update, ")
        })
      #expect(
        lines.contains {
          $0.hasPrefix("  \(uikit), full simulation, best of 2: ") && $0.contains(" s per update, ")
        })
      #expect(
        lines.contains {
          $0.hasPrefix("  \(uikit), 1 worker, best of 2: ") && $0.hasSuffix(" cases/s")
        })
    }
    #expect(
      lines.contains { $0.hasPrefix("simulator, an invalid update: heckel's for 2000 rows and ") })
    for uikit in ["iOS 18", "iOS 12"] {
      #expect(
        lines.contains {
          $0.hasPrefix("  \(uikit), best of 2: ") && $0.hasSuffix(" s per update (exception R2)")
        })
    }
    // Each reload family, under each profile, with its verdict.
    #expect(lines.contains("simulator, reload families at 2000 rows (best of 2):"))
    for family in ["reloads next to deleted sections", "section reloads between scattered inserts"]
    {
      for uikit in ["iOS 18", "iOS 12"] {
        #expect(lines.contains { $0.hasPrefix("  \(family), \(uikit): ") && $0.hasSuffix(")") })
      }
    }
    #expect(
      lines.contains {
        $0.hasPrefix("  section reloads between scattered inserts, iOS 18: ")
          && $0.hasSuffix(" s (valid)")
      })
    #expect(lines.contains { $0.hasPrefix("  peak memory: ") })
    // The worst cases: each family, under each profile, the fast path, the
    // full simulation of the same update and its invalid twin, with ratios.
    #expect(lines.contains { $0.hasPrefix("simulator, worst cases (best of 2;") })
    for family in [
      "reversal: 1000 rows", "many moves: 2000 rows",
      "reloads near section operations: 2000 rows in 20 sections", "heckel's update for 2000 rows",
    ] {
      #expect(lines.contains { $0.hasPrefix("  \(family)") }, "\(family)")
    }
    #expect(
      lines.contains {
        $0.hasSuffix("; fast path: the same changes in one section, 600 operations")
      })
    for uikit in ["iOS 18", "iOS 12"] {
      let worst = lines.filter { $0.hasPrefix("    \(uikit): fast path ") }
      #expect(worst.count == 4)
      for line in worst {
        #expect(line.contains(" s (valid); full simulation "), "\(line)")
        #expect(line.contains("x, valid); invalid twin "), "\(line)")
        #expect(line.hasSuffix("x, exception R2)"), "\(line)")
      }
    }
    // The invalid update's peak is its own: measured while judging only.
    #expect(
      lines.contains {
        $0.hasPrefix("  making the case and its update: ") && $0.hasSuffix(" at most")
      })
    #expect(
      lines.contains { $0.hasPrefix("  peak memory while judging: ") && $0.hasSuffix(" MiB") })
    // The snapshot build, next to an array with a dictionary index.
    #expect(
      lines.contains(
        "snapshot: 2000 items in 44 sections, appendSections then appendItems per section (best of 2)"
      ))
    #expect(lines.contains { $0.hasPrefix("  SimulatedSnapshot: ") && $0.contains(" s; ratio ") })
    #expect(lines.contains("engine: heckel, 500 random cases up to 20 rows"))
    // The failing generators: each kind listed, each proven minimal.
    #expect(
      lines.contains(
        "failing generators, every kind of failure, 500 random cases, every pair up to 4 rows:"))
    for name in ["lcs-2013", "map-moves", "ds"] {
      #expect(
        lines.contains {
          $0.hasPrefix("  \(name): ") && $0.contains(" proven minimal) in ")
            && $0.contains(" s to the full list")
        })
    }
    // --uikit times one profile only.
    let one = await runCommand([
      "bench", "--rows", "200", "--operations", "20", "--repeat", "1", "--cases", "50", "--uikit",
      "ios12",
    ])
    #expect(one.status == 0)
    #expect(one.standardOutput.contains("  iOS 12, fast path, "))
    #expect(!one.standardOutput.contains("iOS 18"))
  }

  @Test("the snapshot line: SimulatedSnapshot's appendItems, an array with a dictionary, the ratio")
  func snapshotLine() {
    var bench = BenchCommand()
    bench.rows = 400
    bench.repeats = 1
    let lines = bench.snapshotBench().split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(
      lines.first
        == "snapshot: 400 items in 20 sections, appendSections then appendItems per section (best of 1)"
    )
    let times = lines.last ?? ""
    #expect(times.hasPrefix("  SimulatedSnapshot: "), "\(times)")
    #expect(times.contains(" s; [Int] + [Int: Int] index: "), "\(times)")
    #expect(times.contains(" s; ratio ") && times.hasSuffix("x"), "\(times)")
  }

  @Test("--write-case writes the large valid case as one line that validates")
  func writeCase() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = files.directory.path + "/big.jsonl"
    let run = await runCommand([
      "bench", "--write-case", path, "--rows", "3000", "--operations", "300",
    ])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("wrote a case of 3000 rows and "))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.split(separator: "\n").count == 1)
    #expect(text.hasPrefix(#"{"name":"large-3000-rows-"#))
    let validate = await runCommand(["validate", path])
    #expect(validate.status == 0)
    #expect(validate.standardOutput.hasSuffix("1 passed, 0 failed\n"))
  }

  @Test("bad numbers are usage errors")
  func badNumbers() async {
    let negative = await runCommand(["bench", "--rows", "-5"])
    #expect(negative.status == 64)
    #expect(negative.standardError.hasPrefix("Error: The value '-5' is invalid for '--rows'"))
    #expect(await runCommand(["bench", "--rows"]).status == 64)
    #expect(await runCommand(["bench", "--speed", "3"]).status == 64)
  }
}
