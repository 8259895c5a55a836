import BatchCheck
import BatchCheckExec
import BatchCheckHTML
import ReferenceDiffs

/// `batchcheck snapshot`: checks diffable snapshot code, a built-in
/// reference generator or a program in any language (`--exec`, protocol
/// version 2), as `checkSnapshotBuilder` and `checkSnapshotEditor` do.
///
///     batchcheck snapshot --generator pagingBuilder
///     // check snapshot builder pagingBuilder (start empty, apply animated), run seed ...
///     batchcheck snapshot --exec 'python3 feed.py' --editor
///
/// Exit status: 0 the code passed; 1 a failure was found, or the program
/// crashed, hung or answered something else on some model; 64 a usage error.
struct SnapshotCommand: OptionCommand {
  static let name = "snapshot"
  static let abstract = "Check diffable snapshot code: a built-in generator or --exec."
  static var usage: String {
    """
    OVERVIEW: Check code that builds or edits an NSDiffableDataSourceSnapshot:
    run it on every small model and on random ones, judge each snapshot as
    UIKit would apply it (S1-S13, C1, C2, S3 logged, Q1 warnings), and shrink
    each kind of failure to a smallest model, with a case line that replays
    its calls (batchcheck validate).

    USAGE: batchcheck snapshot (--generator <name> | --exec <command>) [--editor]
                               [--seed <seed>] [--count <n>] [--content-in-identity]
                               [--apply <mode>] [--timeout <seconds>] [--format <format>]
                               [--html <file>]

    OPTIONS:
    \(optionsHelp)

    An --exec program reads one request a line,
    {"protocol":2,"contract":"snapshot","start":"empty","old":[...],"new":[...]},
    and answers one line, its calls: [{"op":"appendSections","ids":[0]},...].

    EXIT STATUS:
      0 the code passed; 1 a failure was found, or the program failed on a
      model; 64 a usage error.

    """
  }

  /// The built-in generator's name; nil with `--exec`.
  var generator: String?
  /// The program to run; nil with `--generator`.
  var exec: String?
  /// Whether the program edits the applied snapshot (else it builds from empty).
  var editor = false
  var seed = SnapshotCheckOptions().seed
  var count = SnapshotCheckOptions().count
  var contentInIdentity = false
  var apply = SnapshotApply.animated
  var timeout = ExternalGenerator.defaultTimeout
  var format = OutputFormat.human
  var html: String?

  static var options: [CommandOption<Self>] {
    [
      .string(
        "--generator", "<name>", \.generator,
        expected: ReferenceSnapshotGenerators.checks.map(\.name),
        help:
          "A reference snapshot generator: "
          + ReferenceSnapshotGenerators.checks.map(\.name).joined(separator: ", ") + "."),
      .string(
        "--exec", "<command>", \.exec,
        help: "Run <command> with /bin/sh -c and check its answers (protocol version 2)."),
      .flag(
        "--editor", \.editor,
        help:
          "With --exec: the program edits the applied snapshot (start old) instead of building from"
          + " empty."),
      .seed("--seed", help: "The run seed.", default: hexSeed(SnapshotCheckOptions().seed)) {
        $0.seed = $1
      },
      .number(
        "--count", \.count, in: 0...10_000_000, help: "How many random models.",
        default: String(SnapshotCheckOptions().count)),
      .flag(
        "--content-in-identity", \.contentInIdentity,
        help: "Item ids embed the content (\"a-1\"): rows churn, and Q1 warns."),
      .choice(
        "--apply", "<mode>", \.apply,
        help: "animated (default: UIKit diffs the ids), reloadData, or none (judge the calls only)."
      ),
      .value(
        "--timeout", "<seconds>", allowed: "seconds, more than 0 and at most 3600",
        help: "How long --exec may take per model",
        default: decimalText(ExternalGenerator.defaultTimeout),
        parse: { Double($0).flatMap { $0 > 0 && $0 <= 3600 ? $0 : nil } }, set: { $0.timeout = $1 }),
      .format(\.format, json: "the report as one JSON object."),
      .path("--html", \.html, help: "Also write an HTML report to <file>."),
    ]
  }

  func validate() throws(CommandError) {
    switch (generator, exec) {
    case (nil, nil): throw .missingArgument("--generator or --exec", command: Self.name)
    case (_?, _?):
      throw .conflictingOptions(
        "--generator and --exec name two codes; give one", command: Self.name)
    case (_?, nil) where editor:
      throw .conflictingOptions(
        "--editor is for --exec: a built-in generator is a builder or an editor already",
        command: Self.name)
    case (let name?, nil):
      let names = ReferenceSnapshotGenerators.checks.map(\.name)
      if !names.contains(name) {
        throw .invalidValue(name, option: "--generator", allowed: names, command: Self.name)
      }
    default: break
    }
  }

  func run(output: inout some OutputSink) async throws(CommandError) -> ExitCode {
    var options = SnapshotCheckOptions()
    options.seed = seed
    options.count = count
    options.contentInIdentity = contentInIdentity
    options.apply = apply
    let report: SnapshotCheckReport
    var failures: [String] = []
    if let name = generator,
      let check = ReferenceSnapshotGenerators.checks.first(where: { $0.name == name })
    {
      report = check.run(options)
    } else {
      let program = ExternalSnapshotCode(command: exec ?? "", timeout: timeout, editor: editor)
      report = program.check(options)
      failures = program.errors
    }
    output.writeOutput(format == .json ? report.renderJSON() + "\n" : report.renderText())
    if let first = failures.first {
      output.writeError(
        "Error: the program failed on \(counted(failures.count, "model")) (its snapshot was taken as empty): \(first)\n"
      )
    }
    if let html { try writeAtomically(HTMLReport.render(report), to: html) }
    return report.passed && failures.isEmpty ? .success : .failure
  }
}

/// An `--exec` program as snapshot code: each model is sent to it, its
/// answer's calls run on a simulated snapshot. A model it fails on (a
/// crash, a hang, an answer that is not calls) gets an empty script and is
/// counted in `errors`.
final class ExternalSnapshotCode: @unchecked Sendable {
  typealias ID = SnapshotIdentifier
  private let generator: ExternalGenerator
  private let editor: Bool
  /// What failed, one text per model, in order.
  private(set) var errors: [String] = []

  init(command: String, timeout: Double, editor: Bool) {
    generator = ExternalGenerator(command: command, timeout: timeout, name: "exec")
    self.editor = editor
  }

  deinit { generator.close() }

  /// The check of the program, builder or editor.
  func check(_ options: SnapshotCheckOptions) -> SnapshotCheckReport {
    let section: (Int) -> ID = { .integer($0) }
    let item: (SnapshotCheckModel.Row) -> ID = { .string($0.id) }
    let keyed = options.contentInIdentity
    if editor {
      return checkSnapshotEditor(
        named: "exec", options: options, sectionID: section, itemID: item
      ) { snapshot, old, new in
        for call in self.calls(old, new, start: .old, keyed: keyed) { snapshot.run(call) }
      }
    }
    return checkSnapshotBuilder(named: "exec", options: options, sectionID: section, itemID: item) {
      old, new in
      var snapshot = SimulatedSnapshot<ID, ID>()
      for call in self.calls(old, new, start: .empty, keyed: keyed) { snapshot.run(call) }
      return snapshot
    }
  }

  private func calls(
    _ old: SnapshotCheckModel, _ new: SnapshotCheckModel, start: SnapshotStart, keyed: Bool
  ) -> [SnapshotCall<ID, ID>] {
    do throws(GeneratorError) {
      return try generator.snapshotCalls(
        old: Self.sections(old, keyed: keyed), new: Self.sections(new, keyed: keyed), start: start)
    } catch {
      errors.append("\(error)")
      return []
    }
  }

  /// A model as the request writes it: section ids as integers, item ids
  /// as strings, a content other than 0 and, when ids embed content, the key.
  static func sections(_ model: SnapshotCheckModel, keyed: Bool) -> [SnapshotSection<ID, ID>] {
    model.sections.map { section in
      SnapshotSection(
        id: .integer(section.id),
        rows: section.rows.map { row in
          SnapshotRow(
            id: .string(row.id), content: row.content == 0 ? nil : .int(row.content),
            key: keyed ? .string(row.key) : nil)
        })
    }
  }
}
