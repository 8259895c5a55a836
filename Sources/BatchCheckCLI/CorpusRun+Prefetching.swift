import BatchCheck
import BatchCheckCorpus
import BatchCheckExec

/// One worker's `--exec` process for `corpus check`, kept `--pipeline`
/// cases ahead: the worker sends the cases of its chunk of a batch through
/// `ExternalGenerator.updates(from:answerWhile:)`, and judges each answer
/// as it comes with checkers of `generator`, which hand the judge that
/// answer (`PrefetchedAnswer`) instead of asking the process again. The
/// checkers are the run's usual ones (`CaseChecker`): the outcome is the
/// one a case run alone gets.
///
/// Only worker *k*'s thread touches worker *k*'s `PrefetchingWorker`.
struct PrefetchingWorker: Sendable {
  let process: ExternalGenerator
  let answer: PrefetchedAnswer
  /// Whether the process gets cases of several sections (`--sections`).
  let sections: Bool
  /// The generator the worker's checkers judge: the answer read last, of
  /// the same shape as `process.contractGenerator(.batch, ...)`.
  let generator: ContractGenerator

  init(process: ExternalGenerator, sections: Bool, identityOnly: Bool) {
    self.process = process
    self.sections = sections
    answer = PrefetchedAnswer(name: process.name)
    generator =
      sections
      ? ContractGenerator(answer, identityOnly: identityOnly)
      : ContractGenerator(OneSectionAnswer(answer: answer), identityOnly: identityOnly)
  }

  /// Whether a case is given to the process: every case of a sectioned
  /// one, else one section a side, as `CaseRunner` decides (a case it
  /// does not give is judged skipped without an answer).
  func sends(_ testCase: Case) -> Bool {
    sections || (testCase.old.count == 1 && testCase.new.count == 1)
  }
}

/// The answer an external process gave to the case being judged, read
/// ahead (`PrefetchingWorker`): a generator that answers every call with
/// it. `@unchecked Sendable`: only its worker's thread sets and reads it.
final class PrefetchedAnswer: SectionedDeltaGenerator, @unchecked Sendable {
  let name: String
  /// What the next call answers.
  var next: Result<BatchUpdate, GeneratorError> = .failure(
    GeneratorError(kind: .unavailable, message: "no answer was read"))

  init(name: String) { self.name = name }

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    try next.get()
  }

  func update(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> BatchUpdate {
    try next.get()
  }
}

/// `PrefetchedAnswer` for a process that diffs one section a side
/// (`--sections off`): not sectioned, so that a case of several sections
/// is skipped as the process's own generator skips it.
struct OneSectionAnswer: DeltaGenerator {
  let answer: PrefetchedAnswer

  var name: String { answer.name }

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    try answer.update(from: old, to: new)
  }
}

extension CorpusRun.Judge {
  /// Runs worker `worker`'s generator on the cases of a chunk of lines, in
  /// order: through its process kept `--pipeline` cases ahead when the
  /// worker has one (`PrefetchingWorker`), else one case at a time
  /// (`prepare(_:worker:)`). A case it cannot run (no checker yet, or the
  /// run has halted) gets nil, as in `prepare(_:worker:)`.
  func prepare(_ lines: [CaseLine], worker: Int) -> [CorpusRun.Prepared?] {
    guard worker < prefetching.count else { return lines.map { prepare($0, worker: worker) } }
    let exec = prefetching[worker]
    var prepared = [CorpusRun.Prepared?](repeating: nil, count: lines.count)
    var sent: [(index: Int, testCase: Case, checker: CaseChecker)] = []
    for (index, line) in lines.enumerated() {
      guard case .success(.batch(let testCase)) = line.value,
        let checker = checker(for: testCase, worker: worker)
      else { continue }
      if exec.sends(testCase) {
        sent.append((index, testCase, checker))
      } else {
        // Skipped by the checker: no answer is asked for.
        prepared[index] = prepare(testCase, with: checker, worker: worker)
      }
    }
    guard !sent.isEmpty, halt?.isRaised != true else { return prepared }
    var asked = 0
    var answered = 0
    exec.process.updates(
      from: {
        guard asked < sent.count, halt?.isRaised != true else { return nil }
        defer { asked += 1 }
        return (sent[asked].testCase.old, sent[asked].testCase.new)
      },
      answerWhile: { answer in
        let item = sent[answered]
        answered += 1
        exec.answer.next = answer
        prepared[item.index] = prepare(item.testCase, with: item.checker, worker: worker)
        // Once halted, the cases in flight are dropped: the writer runs none.
        return halt?.isRaised != true
      })
    return prepared
  }
}
