import BatchCheckTestSupport
import Foundation
import Testing

@testable import BatchCheck
@testable import BatchCheckCorpus

@Suite("Mutated lines")
struct CaseFuzzTests {
  @Test(
    "3000 seeded byte mutations of valid lines never trap, and every error is placed inside its line"
  )
  func mutations() {
    var random = SplitMix64(seed: 0xF022)
    let alphabet =
      Array(#"{}[],:"\-0123456789.eE+ atrufnlx"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xE2, 0xFF]
    for index in 0..<3000 {
      var bytes = Array(RandomCase.make(using: &random).jsonLine.utf8)
      for _ in 0..<Int.random(in: 1...4, using: &random) {
        let at = Int.random(in: 0...bytes.count, using: &random)
        let byte = alphabet.randomElement(using: &random) ?? 0
        switch Int.random(in: 0..<3, using: &random) {
        case 0: bytes.insert(byte, at: at)
        case 1 where at < bytes.count: bytes.remove(at: at)
        default: if at < bytes.count { bytes[at] = byte } else { bytes.append(byte) }
        }
      }
      for record in CaseFile.read(bytes, file: "fuzz") {
        guard case .failure(let error) = record.result else { continue }
        let lineLength =
          bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
          .dropFirst(record.line - 1).first.map { String(decoding: $0, as: UTF8.self).count } ?? 0
        #expect(
          (1...lineLength + 1).contains(error.column), "seed 0xF022, mutation \(index): \(error)")
        #expect(!error.message.isEmpty)
      }
    }
  }

  /// The run seed of `seededMutations`: `BATCHCHECK_FUZZ_SEED` (decimal or
  /// `0x` hex) when set, else a fixed one.
  static func runSeed() -> UInt64? {
    guard let text = ProcessInfo.processInfo.environment["BATCHCHECK_FUZZ_SEED"] else {
      return 0xF022_5EED
    }
    return text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text)
  }

  /// The number of mutations of `seededMutations`: `BATCHCHECK_FUZZ_MUTATIONS`
  /// when set (at most 10^8), else 8,000, which keeps a debug `swift test`
  /// quick (CI runs 100,000 besides).
  static func mutationCount() -> Int? {
    guard let text = ProcessInfo.processInfo.environment["BATCHCHECK_FUZZ_MUTATIONS"] else {
      return 8_000
    }
    return Int(text).flatMap { (0...100_000_000).contains($0) ? $0 : nil }
  }

  /// `BATCHCHECK_FUZZ_MUTATIONS` mutations (8,000 by default) of corpus
  /// lines and random cases, each seeded by its index: a failure names the
  /// run seed and index that replay it, and prints the line.
  @Test("seeded mutations of corpus and random lines: a verdict or a data error inside the line")
  func seededMutations() throws {
    let count = try #require(Self.mutationCount(), "BATCHCHECK_FUZZ_MUTATIONS: 0 to 10^8")
    let run = try #require(Self.runSeed(), "BATCHCHECK_FUZZ_SEED: a decimal or 0x-hex UInt64")
    let corpus = try FuzzOracle.corpusLines()
    #expect(corpus.count > 150)
    var tally = FuzzOracle.Tally()
    for index in 0..<count {
      let seed = SplitMix64.caseSeed(run: run, index: index)
      var random = SplitMix64(seed: seed)
      let base =
        random.below(2) == 0
        ? corpus[random.below(corpus.count)] : Array(FuzzCases.make(using: &random).jsonLine.utf8)
      var mutator = LineMutator(seed: random.next())
      let bytes = mutator.mutate(base)
      let place = "run seed \(hexSeed(run)), mutation \(index) (case seed \(hexSeed(seed)))"
      FuzzOracle.check(bytes, place: place, tally: &tally)
      if tally.failures >= 10 { break }
    }
    // The mutations reach every part: errors, cases, each contract and the main verdicts.
    if count >= 10_000 {
      #expect(tally.errors > count / 10 && tally.cases > count / 10, "\(tally)")
      #expect(tally.contracts == Set(Contract.allCases), "\(tally)")
      #expect(
        tally.kinds.isSuperset(of: [.valid, .exception, .duplicate, .wrongRows, .staleContent]),
        "\(tally)")
    }
  }

  @Test("the unmutated corpus and random lines all read, and give well-formed verdicts")
  func unmutatedLines() throws {
    var tally = FuzzOracle.Tally()
    for line in try FuzzOracle.corpusLines() {
      FuzzOracle.check(line, place: "corpus", tally: &tally)
    }
    var random = SplitMix64(seed: 0xF022_0000)
    for index in 0..<2_000 {
      let made = FuzzCases.make(using: &random)
      FuzzOracle.check(Array(made.jsonLine.utf8), place: "random case \(index)", tally: &tally)
      // The starting cases are valid, bar RandomCase's anything-goes ones.
      if made.contract != .batch {
        #expect(made.run().isValid, "random case \(index): \(made.jsonLine)")
      }
      let batch = FuzzCases.batch(using: &random).testCase
      #expect(batch.run().isValid, "random batch \(index): \(batch.jsonLine)")
    }
    #expect(tally.errors == 0, "\(tally)")
  }
}

/// What every line of a fuzzed file must get: a case whose verdicts are well
/// formed under every contract, and whose canonical line reads back to it;
/// or a data error placed inside its own line. A trap or a hang fails the run
/// by itself.
enum FuzzOracle {
  /// What a run reached, to check that the mutations reach every part.
  struct Tally: CustomStringConvertible {
    var cases = 0
    var errors = 0
    var failures = 0
    var kinds: Set<VerdictKind> = []
    var contracts: Set<Contract> = []

    var description: String {
      let verdicts = kinds.map(\.rawValue).sorted()
      let contracts = contracts.map(\.rawValue).sorted()
      return "\(cases) cases, \(errors) data errors, \(failures) failures, verdicts \(verdicts),"
        + " contracts \(contracts)"
    }
  }

  /// The non-blank lines of the repository's `Corpus/uikit-rules.jsonl` and
  /// `Corpus/contracts.jsonl`.
  static func corpusLines() throws -> [[UInt8]] {
    var lines: [[UInt8]] = []
    for name in ["uikit-rules.jsonl", "contracts.jsonl"] {
      let path = CorpusReplayTests.corpusFolder.appendingPathComponent(name).path
      let bytes = try #require(FileManager.default.contents(atPath: path), "cannot read \(path)")
      lines += [UInt8](bytes).split(separator: 0x0A).map(Array.init)
    }
    return lines
  }

  /// Reads `bytes` as a case file and checks every record; `place` names the
  /// mutation in a failure, which also prints the line as a Swift literal.
  static func check(_ bytes: [UInt8], place: String, tally: inout Tally) {
    let records = CaseFile.read(bytes, file: "fuzz")
    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
    func fail(_ what: String) {
      tally.failures += 1
      Issue.record("\(place): \(what)\n  line: \(literal(bytes))")
    }
    var previousLine = 0
    for record in records {
      guard record.line > previousLine, record.line <= lines.count, record.file == "fuzz" else {
        return fail("record at line \(record.line) of \(lines.count), after \(previousLine)")
      }
      previousLine = record.line
      switch record.result {
      case .failure(let error):
        tally.errors += 1
        let length = String(decoding: lines[record.line - 1], as: UTF8.self).count
        if error.line != record.line || !(1...length + 1).contains(error.column)
          || error.message.isEmpty
        {
          fail("data error outside its line (\(length) characters): \(error)")
        }
      case .success(let testCase):
        tally.cases += 1
        tally.contracts.insert(testCase.contract)
        if let problem = problem(with: testCase, tally: &tally) { fail(problem) }
      }
    }
  }

  /// What is wrong with how a case that read is judged and written, if anything.
  static func problem(with testCase: Case, tally: inout Tally) -> String? {
    let verdict = testCase.run()
    tally.kinds.insert(verdict.kind)
    if let problem = problem(with: verdict) { return "run(): \(problem)" }
    _ = testCase.expect?.agrees(with: verdict)
    // The full simulation (which `trace` always runs) agrees with the fast path.
    if testCase.contract == .batch, testCase.old.count + testCase.new.count < 1_000 {
      let traced = SimulatedTableView(testCase.old, options: testCase.options)
        .trace(testCase.update ?? BatchUpdate(), dataSource: testCase.new)
      if traced.verdict != verdict { return "trace() gives \(traced.verdict), run() \(verdict)" }
    }
    let judged = testCase.judge()
    if judged.verdict != verdict { return "judge() gives \(judged.verdict), run() \(verdict)" }
    if judged.validUnder == testCase.contract { return "valid under its own contract: \(judged)" }
    for contract in Contract.allCases where contract != testCase.contract {
      // Steps read as stages hold the data once per step: O(k × n), at most
      // `maxStagedRows`; kept small here, so that the run stays quick.
      if testCase.contract == .steps, contract == .staged,
        (testCase.steps?.count ?? 0) * (testCase.old.joined().count + 1) > 100_000
      {
        continue
      }
      guard let other = try? testCase.judge(under: contract) else { continue }
      if let problem = problem(with: other.verdict) {
        return "judge(under: .\(contract)): \(problem)"
      }
    }
    do {
      let again = try Case(jsonLine: testCase.jsonLine)
      if again != testCase { return "reads back as another case: \(again.jsonLine)" }
    } catch {
      return "its canonical line does not read: \(error)"
    }
    return nil
  }

  /// A verdict is valid with no rule, or has a rule and a message.
  static func problem(with verdict: Verdict) -> String? {
    switch (verdict.kind, verdict.rule, verdict.message) {
    case (.valid, nil, nil): return nil
    case (.valid, _, _): return "a valid verdict with a rule or a message: \(verdict)"
    case (_, nil, _), (_, _, nil): return "\(verdict.kind) without a rule or a message"
    case (_, _, let message?) where message.isEmpty: return "\(verdict.kind) with an empty message"
    default: return nil
    }
  }

  /// `bytes` as a Swift expression to paste into a test: a raw string when
  /// it is UTF-8, else an array of bytes; cut after 2,000 bytes.
  static func literal(_ bytes: [UInt8]) -> String {
    let shown = bytes.prefix(2_000)
    let note = bytes.count > shown.count ? " (first 2000 of \(bytes.count) bytes)" : ""
    if CaseFile.firstInvalidUTF8(Array(shown)) == nil, !shown.contains(0x0A), !shown.contains(0x0D)
    {
      return "Array(##\"" + String(decoding: shown, as: UTF8.self) + "\"##.utf8)" + note
    }
    return "[" + shown.map { "0x" + String($0, radix: 16) }.joined(separator: ", ") + "]" + note
  }
}

/// Inputs far beyond any real case: deep nesting, enormous arrays, huge
/// numbers. Each gets the verdict or the data error it must, and none
/// traps or takes more than linear time (the complexity tests count steps;
/// here a quadratic path would simply not finish).
@Suite("Enormous lines")
struct EnormousLineTests {
  /// Reads `line` as a one-line file and returns its one record's result.
  static func read(_ line: String) -> Result<Case, CaseDataError>? {
    let records = CaseFile.read(Array(line.utf8), file: "big")
    return records.count == 1 ? records[0].result : nil
  }

  /// The data error of `line`, if it has one.
  static func error(_ line: String) -> CaseDataError? {
    guard case .failure(let error) = read(line) else { return nil }
    return error
  }

  /// The case of `line`, if it reads.
  static func testCase(_ line: String) -> Case? {
    guard case .success(let testCase) = read(line) else { return nil }
    return testCase
  }

  /// `count` copies of `item`, comma-separated.
  static func list(_ item: String, _ count: Int) -> String {
    Array(repeating: item, count: count).joined(separator: ",")
  }

  @Test("100,000 nested '[' or '{' stop at the 513th level, at its column")
  func deepNesting() {
    let brackets = String(repeating: "[", count: 100_000)
    #expect(
      Self.error(brackets)
        == CaseDataError(
          file: "big", line: 1, column: 513,
          message: "arrays and objects nested deeper than 512 levels"))
    #expect(Self.error(#"{"old":"# + brackets)?.column == 7 + 512)
    #expect(Self.error(String(repeating: #"{"a":"#, count: 100_000))?.column == 5 * 512 + 1)
    let balanced = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(Self.error(#"{"old":"# + balanced + #","new":[]}"#)?.column == 7 + 512)
  }

  @Test("numbers beyond 64 bits, with fractions or exponents, are data errors at their column")
  func hugeNumbers() {
    let prefix = #"{"old":[],"new":[],"update":{"deleteSections":["#
    let column = prefix.count + 1
    for (number, message) in [
      ("9223372036854775808", "number 9223372036854775808 does not fit in a 64-bit integer"),
      ("-9223372036854775809", "number -9223372036854775809 does not fit in a 64-bit integer"),
      ("9999999999999999999999", "number 9999999999999999999999 does not fit in a 64-bit integer"),
      ("1e400", "expected an integer for a section index, found 1e400"),
      ("-1.5", "expected an integer for a section index, found -1.5"),
    ] {
      #expect(
        Self.error(prefix + number + "]}}")
          == CaseDataError(file: "big", line: 1, column: column, message: message))
    }
    let digits = String(repeating: "9", count: 100_000)
    #expect(Self.error(prefix + digits + "]}}")?.column == column)
    // The 64-bit edges themselves read, and get a verdict.
    let edges = Self.testCase(prefix + "9223372036854775807,-9223372036854775808]}}")
    #expect(edges?.update?.deleteSections == [Int.max, Int.min])
    #expect(edges?.run().rule == .r22)
  }

  @Test(
    "100,000 inserts of one row: a duplicate, merged by UITableView, counted by UICollectionView")
  func hundredThousandInserts() {
    let update = #""update":{"insertRows":["# + Self.list("[0,1]", 100_000) + "]}"
    let line = #"{"old":[["a"]],"new":[["a","b"]],"# + update + "}"
    let rejected = Self.testCase(line)?.run()
    #expect(rejected?.kind == .duplicate && rejected?.rule == .r20)
    let merged = Self.testCase(#"{"duplicates":"asUIKit","# + line.dropFirst())?.run()
    #expect(merged == .valid)
    let counted = Self.testCase(
      #"{"semantics":"collectionView","duplicates":"asUIKit","# + line.dropFirst())?.run()
    #expect(counted?.rule == .r2)
    #expect(counted?.message?.contains("(100000 inserted, 0 deleted)") == true)
  }

  @Test("100,000 distinct inserts into an empty section are valid")
  func hundredThousandDistinctInserts() {
    let rows = (0..<100_000).map(String.init).joined(separator: ",")
    let paths = (0..<100_000).map { "[0,\($0)]" }.joined(separator: ",")
    let line = #"{"old":[[]],"new":[["# + rows + #"]],"update":{"insertRows":["# + paths + "]}}"
    #expect(Self.testCase(line)?.run() == .valid)
  }

  @Test("100,000 sections: deleted, inserted, reloaded and moved")
  func hundredThousandSections() throws {
    let count = 100_000
    let sections = Self.list("[]", count)
    let indices = (0..<count).map(String.init).joined(separator: ",")
    let reversed = (0..<count).map { "[\($0),\(count - 1 - $0)]" }.joined(separator: ",")
    let table = #"{"old":["# + sections + #"],"new":["# + sections + "],"
    for update in [
      #"{"deleteSections":["# + indices + #"],"insertSections":["# + indices + "]}",
      #"{"reloadSections":["# + indices + "]}",
      #"{"moveSections":["# + reversed + "]}",
    ] {
      let testCase = try #require(Self.testCase(table + #""update":"# + update + "}"))
      #expect(testCase.old.count == count)
      #expect(testCase.run() == .valid)
    }
    // One section too many after the update: R1 with the counts.
    let oneShort = try #require(
      Self.testCase(table + #""update":{"deleteSections":[0,1]}}"#))
    #expect(oneShort.run().rule == .r1)
    #expect(oneShort.run().message?.contains("(0 inserted, 2 deleted)") == true)
  }

  @Test("100,000 steps delete 100,000 rows; 100,000 stages keep one row")
  func hundredThousandStepsAndStages() throws {
    let rows = (0..<100_000).map(String.init).joined(separator: ",")
    let steps = try #require(
      Self.testCase(
        #"{"old":[["# + rows + #"]],"new":[[]],"steps":["#
          + Self.list(#"{"delete":[0,0]}"#, 100_000)
          + "]}"))
    #expect(steps.run() == .valid)
    // One step too many: judged as the batch UIKit would be asked for.
    let tooMany = try #require(
      Self.testCase(
        #"{"old":[["# + rows + #"]],"new":[[]],"steps":["#
          + Self.list(#"{"delete":[0,0]}"#, 100_001)
          + "]}"))
    #expect(tooMany.judge().step == 100_001)
    #expect(tooMany.run().rule == .r3)
    // Read as stages (`--contract staged`), each step's stage would hold a
    // copy of the data: 10^10 rows. A reading error says so instead.
    #expect(throws: ContractReadingError(from: .steps, to: .staged, stagedRows: 20_000_000_000)) {
      try steps.judge(under: .staged)
    }
    let stages = try #require(
      Self.testCase(
        #"{"old":[["a"]],"new":[["a"]],"stages":["#
          + Self.list(#"{"update":{},"data":[["a"]]}"#, 100_000) + "]}"))
    #expect(stages.stages?.count == 100_000)
    #expect(stages.run() == .valid)
  }

  @Test("a name of a million characters, and invalid UTF-8 after a million bytes")
  func longLines() {
    let name = String(repeating: "é", count: 1_000_000)
    #expect(Self.testCase(#"{"name":""# + name + #"","old":[],"new":[]}"#)?.name == name)
    var bytes = Array((#"{"name":""# + name).utf8)
    bytes.append(0xFF)
    let records = CaseFile.read(bytes, file: "big")
    guard case .failure(let error)? = records.first?.result else {
      Issue.record("no data error")
      return
    }
    #expect(error.column == 10 + 1_000_000)
    #expect(error.message == "invalid UTF-8 (byte 0xFF)")
  }
}
