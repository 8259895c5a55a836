import BatchCheck
import BatchCheckCommandLine
import BatchCheckCorpus
import ReferenceDiffs

/// One option of a command, declared once: its name, the value it takes (a
/// flag takes none), its help and its default. Parsing, "did you mean", the
/// error for a single-valued option given twice and the `OPTIONS:` part of
/// `--help` all derive from a command's list of them (`OptionCommand`):
/// swift-argument-parser's shape, without the dependency.
///
///     static var options: [CommandOption<Self>] {
///       [
///         .seed("--seed", \.seed, help: "The run seed.", default: "0x00ba7c4ec4ec0001"),
///         .number("--count", \.count, in: 0...1_000_000_000, help: "Random cases"),
///         .flag("--first-failure", \.firstFailure, help: "Stop at the first failing case."),
///       ]
///     }
struct CommandOption<Root> {
  /// `--seed`.
  let name: String
  /// What the option takes.
  let valueType: OptionValueType
  /// What the value is called in the help (`<seed>`); nil for a flag.
  let valueName: String?
  /// The help text, one paragraph, wrapped when the help is printed.
  let help: String
  /// The default, said after the help (`(default: 10000)`); nil: none said.
  let defaultText: String?
  /// Takes the option: reads its value, if any, from the scanner and stores it.
  let take: (inout Root, inout ArgumentScanner) throws(CommandError) -> Void

  /// The option's part of the help's left column: `--seed <seed>`.
  var label: String { valueName.map { name + " " + $0 } ?? name }

  /// The help with the default, if any, said at the end.
  var fullHelp: String { defaultText.map { help + " (default: \($0))." } ?? help }

  /// The option as one of a command holding `Root` at `path`: a shared
  /// group (`GeneratorOptions`) declared once and reused.
  func lifted<Outer>(_ path: WritableKeyPath<Outer, Root>) -> CommandOption<Outer> {
    let take = take
    return CommandOption<Outer>(
      name: name, valueType: valueType, valueName: valueName, help: help, defaultText: defaultText
    ) { (outer: inout Outer, scanner: inout ArgumentScanner) throws(CommandError) in
      try take(&outer[keyPath: path], &scanner)
    }
  }
}

// MARK: The types of value

/// What an option takes.
enum OptionValueType: Equatable {
  /// Nothing: given or not.
  case flag
  /// A whole number in a range.
  case number(ClosedRange<Int>)
  /// A 64-bit seed, decimal or `0x` hexadecimal.
  case seed
  /// One of these words.
  case choice([String])
  /// A file or folder.
  case path
  /// `i/n`: a shard.
  case shard
  /// Any text.
  case string
  /// A value of its own type, which the text describes.
  case other(String)
}

extension CommandOption {
  /// A flag: sets `set` when given.
  static func flag(
    _ name: String, help: String, set: @escaping (inout Root) -> Void
  ) -> Self {
    Self(name: name, valueType: .flag, valueName: nil, help: help, defaultText: nil) { root, _ in
      set(&root)
    }
  }

  /// A flag that sets a Boolean to true.
  static func flag(_ name: String, _ path: WritableKeyPath<Root, Bool>, help: String) -> Self {
    flag(name, help: help) { $0[keyPath: path] = true }
  }

  /// A flag that sets an optional Boolean to true.
  static func flag(_ name: String, _ path: WritableKeyPath<Root, Bool?>, help: String) -> Self {
    flag(name, help: help) { $0[keyPath: path] = true }
  }

  /// An option with a value that `parse` reads (nil: not allowed; `allowed`
  /// says what is), then `set` stores. Given once at most. Its value type is
  /// `.other(allowed)` unless said.
  static func value<Value>(
    _ name: String, _ valueName: String, valueType: OptionValueType? = nil, allowed: String,
    help: String,
    default defaultText: String? = nil, parse: @escaping (String) -> Value?,
    set: @escaping (inout Root, Value) -> Void
  ) -> Self {
    Self(
      name: name, valueType: valueType ?? .other(allowed), valueName: valueName, help: help,
      defaultText: defaultText
    ) {
      (root: inout Root, scanner: inout ArgumentScanner) throws(CommandError) in
      set(&root, try scanner.value(for: name, allowed: allowed, parse: parse))
    }
  }

  /// An option whose value is any text (a path, a command, a name), stored
  /// as it is; `expected`, when not empty, is what the error for a missing
  /// value lists (the names a later check accepts).
  static func string(
    _ name: String, _ valueName: String, _ path: WritableKeyPath<Root, String?>,
    valueType: OptionValueType = .string,
    expected: [String] = [], help: String
  ) -> Self {
    Self(name: name, valueType: valueType, valueName: valueName, help: help, defaultText: nil) {
      (root: inout Root, scanner: inout ArgumentScanner) throws(CommandError) in
      root[keyPath: path] = try scanner.value(for: name, expected: expected)
    }
  }

  /// A file the command reads or writes.
  static func path(_ name: String, _ path: WritableKeyPath<Root, String?>, help: String) -> Self {
    string(name, "<file>", path, valueType: .path, help: help)
  }

  /// A whole number in `range`.
  static func number(
    _ name: String, in range: ClosedRange<Int>, valueName: String = "<n>", help: String,
    default defaultText: String? = nil, set: @escaping (inout Root, Int) -> Void
  ) -> Self {
    value(
      name, valueName, valueType: .number(range),
      allowed: "a whole number from \(range.lowerBound) to \(range.upperBound)", help: help,
      default: defaultText, parse: { Int($0).flatMap { range.contains($0) ? $0 : nil } }, set: set)
  }

  /// A whole number in `range`, stored at `path`.
  static func number(
    _ name: String, _ path: WritableKeyPath<Root, Int>, in range: ClosedRange<Int>,
    valueName: String = "<n>",
    help: String, default defaultText: String? = nil
  ) -> Self {
    number(name, in: range, valueName: valueName, help: help, default: defaultText) {
      $0[keyPath: path] = $1
    }
  }

  /// What a seed may be, as errors say it.
  static var seedDescription: String { "a 64-bit seed, decimal (42) or 0x hexadecimal (0x2a)" }

  /// A 64-bit seed, decimal or `0x` hexadecimal (`parseSeed`).
  static func seed(
    _ name: String, help: String, default defaultText: String? = nil,
    set: @escaping (inout Root, UInt64) -> Void
  ) -> Self {
    value(
      name, "<seed>", valueType: .seed, allowed: seedDescription, help: help, default: defaultText,
      parse: parseSeed, set: set)
  }

  /// One of an enumeration's raw values, stored at `path`.
  static func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, _ valueName: String, _ path: WritableKeyPath<Root, Choice>, help: String,
    default defaultText: String? = nil
  ) -> Self where Choice.RawValue == String {
    choice(name, valueName, help: help, default: defaultText) { (root, value: Choice) in
      root[keyPath: path] = value
    }
  }

  /// One of an enumeration's raw values, stored at an optional `path`.
  static func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, _ valueName: String, _ path: WritableKeyPath<Root, Choice?>, help: String,
    default defaultText: String? = nil
  ) -> Self where Choice.RawValue == String {
    choice(name, valueName, help: help, default: defaultText) { (root, value: Choice) in
      root[keyPath: path] = value
    }
  }

  /// One of an enumeration's raw values, then `set`.
  static func choice<Choice: RawRepresentable & CaseIterable>(
    _ name: String, _ valueName: String, help: String, default defaultText: String? = nil,
    set: @escaping (inout Root, Choice) -> Void
  ) -> Self where Choice.RawValue == String {
    Self(
      name: name, valueType: .choice(Choice.allCases.map(\.rawValue)), valueName: valueName,
      help: help,
      defaultText: defaultText
    ) { (root: inout Root, scanner: inout ArgumentScanner) throws(CommandError) in
      set(&root, try scanner.choice(for: name, Choice.self))
    }
  }

  /// `--format <format>`: `human` (the default) or `json`, which `json`
  /// (and `human`, when said) describe.
  static func format(
    _ path: WritableKeyPath<Root, OutputFormat>, human: String? = nil, json: String
  ) -> Self {
    choice(
      "--format", "<format>", path,
      help: human.map { "human (default): \($0); json: " + json } ?? "human (default) or json: "
        + json)
  }

  /// `--shard <i>/<n>`: this machine's share of the cases.
  static func shard(_ path: WritableKeyPath<Root, Shard?>, help: String) -> Self {
    value(
      "--shard", "<i>/<n>", valueType: .shard, allowed: "i/n with 1 <= i <= n", help: help,
      parse: Shard.init(parsing:)
    ) { $0[keyPath: path] = $1 }
  }

  /// A built-in generator's name, stored at `path`.
  static func generator(
    _ path: WritableKeyPath<Root, String>, help: String, default defaultText: String? = nil
  )
    -> Self
  {
    let names = ReferenceGenerators.allContracts.map(\.name)
    return value(
      CommandLineFlag.generator.rawValue, "<name>", valueType: .choice(names),
      allowed: names.joined(separator: " or "),
      help: help, default: defaultText,
      parse: { ReferenceGenerators.anyContract(named: $0) == nil ? nil : $0 },
      set: { $0[keyPath: path] = $1 })
  }
}

// MARK: A command's options

/// A command whose options are one declared list: its `init(arguments:)`
/// parses them from the list, its help's `OPTIONS:` part is the list's
/// `optionsHelp`, and "did you mean" guesses among the list's names.
protocol OptionCommand: Subcommand {
  /// Every option at its default.
  init()
  /// The command's options, in the order the help lists them.
  static var options: [CommandOption<Self>] { get }
  /// The words after `batchcheck` that name the command in errors
  /// (`corpus check`); its name by default.
  static var path: String { get }
  /// Takes the positional arguments; by default the command takes none.
  mutating func takePositional(_ arguments: [String]) throws(CommandError)
  /// Where the help's second column starts, after the indent: 20 by
  /// default, as the `ARGUMENTS:` part of the help has it.
  static var helpColumn: Int { get }
}

extension OptionCommand {
  static var path: String { name }

  static var helpColumn: Int { 20 }

  init(arguments: [String]) throws(CommandError) {
    self.init()
    let positional = try parseOptions(Self.options, arguments, command: Self.path, into: &self)
    try takePositional(positional)
  }

  mutating func takePositional(_ arguments: [String]) throws(CommandError) {
    if let extra = arguments.first { throw .unexpectedArgument(extra, command: Self.path) }
  }

  static var optionNames: [String] { options.map(\.name) + ["--help"] }

  /// The help's `OPTIONS:` lines, `-h, --help` last, without a final line break.
  static var optionsHelp: String {
    helpColumns(options.map { ($0.label, $0.fullHelp) } + [helpRow], column: helpColumn)
  }
}

/// A command whose positional arguments are files (`validate`, `merge`,
/// `corpus check`), taken as they are.
protocol FilesCommand: OptionCommand {
  /// The files, in the order given.
  var files: [String] { get set }
}

extension FilesCommand {
  mutating func takePositional(_ arguments: [String]) throws(CommandError) {
    files = arguments
  }
}

/// The `-h, --help` row every command's help ends its options with.
let helpRow = (label: "-h, --help", help: "Show this help.")

/// Parses `arguments` with `options` into `root`: each option's value is
/// taken by its declaration; an option not declared is a usage error whose
/// "did you mean" is among the declared names.
///
/// - Returns: the positional arguments, in order (and everything after `--`).
func parseOptions<Root>(
  _ options: [CommandOption<Root>], _ arguments: [String], command: String?, into root: inout Root
) throws(CommandError) -> [String] {
  var scanner = ArgumentScanner(arguments, command: command)
  while let name = try scanner.nextOption() {
    guard let option = options.first(where: { $0.name == name }) else {
      throw scanner.unknown(name)
    }
    try option.take(&root, &scanner)
  }
  return scanner.positional
}

/// Option rows as a help's two columns: each label indented by two, each
/// help in a column `column` wide (by default just past the labels, at most
/// 20: a longer label gets its own line) and wrapped to `width` columns. No
/// final line break.
///
///     helpColumns([("--seed <seed>", "The run seed.")])
///     // "  --seed <seed>  The run seed."
func helpColumns(_ rows: [(label: String, help: String)], column: Int? = nil, width: Int = 80)
  -> String
{
  let column = column ?? min(20, (rows.map(\.label.count).max() ?? 0) + 2)
  var lines: [String] = []
  for (label, help) in rows {
    let words = wrap(help, width: width - 2 - column)
    var first = "  " + label
    guard !words.isEmpty else {
      lines.append(first)
      continue
    }
    if label.count + 1 > column {
      lines.append(first)
      first = String(repeating: " ", count: 2 + column)
    } else {
      first += String(repeating: " ", count: column - label.count)
    }
    for (index, line) in words.enumerated() {
      lines.append((index == 0 ? first : String(repeating: " ", count: 2 + column)) + line)
    }
  }
  return lines.joined(separator: "\n")
}

/// `text` broken at spaces into lines of at most `width` characters; a
/// longer word keeps a line of its own.
func wrap(_ text: String, width: Int) -> [String] {
  var lines: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    if !line.isEmpty, line.count + 1 + word.count > width {
      lines.append(line)
      line = ""
    }
    line += (line.isEmpty ? "" : " ") + word
  }
  if !line.isEmpty { lines.append(line) }
  return lines
}
