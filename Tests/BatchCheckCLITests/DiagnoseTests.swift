import BatchCheck
import BatchCheckCorpus
import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheckCLI

/// `batchcheck diagnose`, run in process on logs written to files.
@Suite("batchcheck diagnose")
struct DiagnoseTests {
  static let consoleR2 = """
    2024-01-12 10:31:02.114 MyApp[8812:401233] *** Assertion failure in -[UITableView _endCellAnimationsWithContext:], UITableView.m:2097
    2024-01-12 10:31:02.118 MyApp[8812:401233] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (20) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out). Table view: <UITableView: 0x7f8b1c; frame = (0 0; 390 844)>'
    *** First throw call stack:
    (0x1 0x2)
    """

  static let collectionR2b = """
    *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid batch updates detected: the number of sections and/or items returned by the data source before and/or after performing the batch updates are inconsistent with the updates.
    Data source before updates = { 1 section with item counts: [3] }
    Data source after updates = { 1 section with item counts: [1] }
    Updates = [
    	Delete item (0 - 1)
    ]
    Collection view: <UICollectionView: 0x10b; frame = (0 0; 390 844)>'
    """

  @Test(
    "a console log: the rule, the view, the range, the numbers, the causes and a reproducing case; exit 0"
  )
  func human() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("crash.log", [Self.consoleR2])
    let run = await runCommand(["diagnose", path])
    #expect(run.status == 0)
    #expect(run.standardError == "")
    let output = run.standardOutput
    #expect(output.hasPrefix("1 UIKit batch-update exception in \(path)\n"))
    #expect(
      output.contains("1. line 2: R2 The number of rows in each section must add up (table view)"))
    let flat = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(
      flat.contains("section 0: the data source returned 20 rows; the update leaves 19 = 20 − 1"))
    #expect(output.contains("1. The data source was not changed in time."))
    #expect(output.contains(#"{"name":"diagnosed-R2-line-2","uikit":"ios18","old":[["#))
    // A reproduced case expects its rule: validate agrees with it as it is.
    #expect(output.contains(#""expect":{"verdict":"exception","rule":"R2"}}"#))
    #expect(output.contains("reproduced: BatchCheck judges the case exception R2, the text's rule"))
  }

  @Test(
    "--format json: one object per exception with rule, view, iosRange, causes, case and reproduced"
  )
  func json() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("two.log", [Self.consoleR2, "noise between", Self.collectionR2b])
    let run = await runCommand(["diagnose", path, "--format", "json"])
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    #expect(lines.first?.hasPrefix(#"{"line":2,"rule":"R2","#) == true)
    #expect(lines.first?.contains(#""view":"tableView""#) == true)
    #expect(lines.first?.contains(#""iosRange":"every version""#) == true)
    #expect(lines.first?.contains(#""reproduced":true"#) == true)
    #expect(lines.last?.contains(#""rule":"R2b""#) == true)
    #expect(lines.last?.contains(#""view":"collectionView""#) == true)
    #expect(lines.last?.contains(#""iosRange":"iOS 16.4–17.0""#) == true)
    #expect(lines.last?.contains(#""causes":[{"cause":"#) == true)
    #expect(lines.last?.contains(#""case":{"name":"diagnosed-R2b-line-"#) == true)
    #expect(lines.last?.contains(#""reproduced":true"#) == true)
    // Each case is a case line validate reads.
    for line in lines {
      guard let start = line.range(of: #""case":"#)?.upperBound,
        let end = line.range(of: #","caseNote""#)?.lowerBound
      else {
        Issue.record("no case in \(line)")
        continue
      }
      let testCase = try Case(jsonLine: String(line[start..<end]))
      #expect(testCase.judge().verdict.kind == .exception)
    }
  }

  @Test("a log with no batch-update exception: exit 1, one line naming the Swift trap it holds")
  func none() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write(
      "trap.log", ["2024-01-01 App[1:2] launched", "Thread 1: Fatal error: Index out of range"])
    let run = await runCommand(["diagnose", path])
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "Error: no UIKit batch-update exception in \(path); it holds 'Fatal error: Index out of range', which is not a UIKit batch-update exception (a Swift runtime trap)\n"
    )
    let missing = await runCommand(["diagnose", path + ".absent"])
    #expect(missing.status == 65)
  }

  @Test("--html draws each rebuilt case")
  func html() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("crash.log", [Self.collectionR2b])
    let page = files.directory.appendingPathComponent("page.html").path
    let run = await runCommand(["diagnose", path, "--html", page])
    #expect(run.status == 0)
    let text = try String(contentsOfFile: page, encoding: .utf8)
    #expect(text.contains("<svg"))
    #expect(text.contains("R2b"))
  }

  @Test("--html draws a diffable text's snapshot case beside the batch cases")
  func htmlSnapshot() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("mixed.log", [Self.mixed])
    let page = files.directory.appendingPathComponent("page.html").path
    let run = await runCommand(["diagnose", path, "--html", page])
    #expect(run.status == 0)
    let text = try String(contentsOfFile: page, encoding: .utf8)
    #expect(text.contains("id=\"snapshot-1\""))
    #expect(text.contains("2. line 2: S10 "))
    #expect(text.contains("3 found, 3 rebuilt as cases"))
  }

  @Test("explain given a pasted message diagnoses it; given other prose, points to diagnose")
  func explainPasted() async {
    let pasted = await runCommand([
      "explain", "attempt to delete section 4, but there are only 2 sections before the update",
    ])
    #expect(pasted.status == 0)
    #expect(pasted.standardOutput.contains("R5 A deleted section must exist before the update"))
    let words = await runCommand([
      "explain", "attempt", "to", "insert", "section", "2", "but", "there", "are", "only", "2",
      "sections", "after", "the", "update",
    ])
    #expect(words.status == 0 && words.standardOutput.contains("R8 "))
    let prose = await runCommand(["explain", "my table crashed"])
    #expect(prose.status == 64)
    #expect(prose.standardError.contains("batchcheck diagnose"))
  }

  static let mixed = """
    Thread 1: "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (20) must be equal to the number of rows contained in that section before the update (20), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out)"
    reason: 'Attempted to reload item identifier that does not exist in the snapshot: z'
    [UICollectionView] Invalid update: invalid number of items in section 0. The number of items contained in an existing section after the update (3) must be equal to the number of items contained in that section before the update (3), plus or minus the number of items inserted or deleted from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into or out of that section (0 moved in, 0 moved out). - will perform reloadData
    """

  @Test(
    "a log of a batch crash, a diffable crash and a logged fallback: each counted in the heading, what was missing said"
  )
  func mixedHuman() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("mixed.log", [Self.mixed])
    let run = await runCommand(["diagnose", path])
    #expect(run.status == 0)
    let output = run.standardOutput
    #expect(
      output.hasPrefix(
        "3 UIKit texts in \(path): 1 batch-update exception, 1 diffable data source exception, 1 logged, not raised\n"
      ))
    #expect(output.contains("2. line 2: S10 "))
    #expect(output.contains("(diffable data source)"))
    #expect(output.contains("missing:  no final period"))
    #expect(output.contains("outcome:  logged, not raised"))
    #expect(
      output.contains("reproduced: BatchCheck judges the case exception S10, the text's rule"))
  }

  @Test(
    "--format json for a diffable text: its rule, no view, its ids, and a snapshot case validate agrees with"
  )
  func diffableJSON() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write("mixed.log", [Self.mixed])
    let run = await runCommand(["diagnose", path, "--format", "json"])
    #expect(run.status == 0)
    let lines = run.standardOutput.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    let diffable = lines.count > 1 ? lines[1] : ""
    #expect(diffable.contains(#""rule":"S10","#))
    #expect(diffable.contains(#""view":null"#))
    #expect(diffable.contains(#""contract":"snapshot""#))
    #expect(diffable.contains(#""ids":["z"]"#))
    #expect(diffable.contains(#""reproduced":true"#))
    #expect(
      lines.first?.contains(#""missing":["no final period (as Xcode's debugger quotes it)"]"#)
        == true)
    #expect(lines.last?.contains(#""fallback":"collectionViewSDK""#) == true)
    guard let start = diffable.range(of: #""case":"#)?.upperBound,
      let end = diffable.range(of: #","caseNote""#)?.lowerBound
    else {
      Issue.record("no case in \(diffable)")
      return
    }
    let testCase = try SnapshotCase(jsonLine: String(diffable[start..<end]))
    #expect(testCase.agrees)
    #expect(testCase.verdict.rule == .s10)
  }

  @Test("an Auto Layout warning alone: exit 1, one line saying it is not a crash")
  func autoLayout() async throws {
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let path = try files.write(
      "layout.log",
      ["2024-01-01 App[1:2] [LayoutConstraints] Unable to simultaneously satisfy constraints."])
    let run = await runCommand(["diagnose", path])
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(
      run.standardError
        == "Error: no UIKit batch-update exception in \(path); it holds 'Unable to simultaneously satisfy constraints.', which is not a UIKit batch-update exception (an Auto Layout warning about conflicting constraints, not a crash)\n"
    )
  }

  @Test("the article's examples: each log, diagnosed, prints the output the article shows")
  func articleExamples() async throws {
    let article = try String(
      contentsOf: GeneratedCorpusFilesTests.packageRoot.appendingPathComponent(
        "Sources/BatchCheck/BatchCheck.docc/Diagnose.md"),
      encoding: .utf8)
    let files = try TemporaryDirectory(prefix: "batchcheck-cli")
    defer { files.remove() }
    let blocks = article.components(separatedBy: "```\n")
    var checked = 0
    // A block that follows "`batchcheck diagnose NAME`:" is the output for the log two blocks before.
    for index in stride(from: 3, to: blocks.count, by: 1) {
      guard let command = blocks[index - 1].split(separator: "\n").last,
        command.hasPrefix("`batchcheck diagnose "), command.hasSuffix("`:")
      else { continue }
      let name = String(command.dropFirst("`batchcheck diagnose ".count).dropLast(2))
      let path = try files.write(name, [String(blocks[index - 2].dropLast())])
      let run = await runCommand(["diagnose", path])
      #expect(run.status == 0, "\(name)")
      #expect(
        run.standardOutput.replacingOccurrences(of: path, with: name) == blocks[index],
        "\(name): the article shows another output")
      checked += 1
    }
    #expect(checked == 4)
  }
}
