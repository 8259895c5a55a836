import BatchCheckCorpus

/// Everything that can go wrong on the command line, turned into text in one
/// place (`message`) and mapped to an exit status in one place (`exitCode`).
///
///     CommandError.unknownOption("--fromat", command: "validate").message
///     // "Unknown option '--fromat'"
enum CommandError: Error, Equatable {
  /// The first argument names no subcommand.
  case unknownSubcommand(String)
  /// The argument after a command that has subcommands of its own (`corpus`)
  /// names none of them (`known`).
  case unknownNestedSubcommand(String, command: String, known: [String])
  /// An argument starting with `-` that the command (nil: the root) does not know.
  case unknownOption(String, command: String?)
  /// A command that has subcommands of its own (`corpus`) was given none;
  /// `known` lists them.
  case missingNestedSubcommand(command: String, known: [String])
  /// An option that needs a value came last (command nil: the root's);
  /// `expected` says what its value may be (empty for any text).
  case missingValue(option: String, command: String?, expected: [String] = [])
  /// An option's value is not one of the allowed ones (command nil: the root's).
  case invalidValue(String, option: String, allowed: [String], command: String?)
  /// A required positional argument is missing.
  case missingArgument(String, command: String)
  /// A positional argument the command (nil: the root) does not take.
  case unexpectedArgument(String, command: String?)
  /// Two options that cannot go together, or neither of two that one is
  /// needed of (command nil: the root's).
  case conflictingOptions(String, command: String?)
  /// A file named on the command line could not be read.
  case unreadableFile(CaseFileError)
  /// A line of a file the command reads is not a valid case.
  case malformedLine(CaseDataError)
  /// A file the command writes could not be written.
  case unwritableFile(String, reason: String)
  /// An output that names something other than a regular file this
  /// command may replace: a device, a FIFO, a read-only file, an input.
  case refusedOutput(String, reason: String)
  /// Reports that are not the shards of one run (`merge`).
  case unmergeable(String)
  /// An option that takes one value, given twice.
  case repeatedOption(String, command: String?)

  /// The text after `Error: `.
  var message: String {
    switch self {
    case .unknownSubcommand(let name):
      return "Unknown subcommand '\(name)'"
    case .unknownNestedSubcommand(let name, let command, let known):
      return "Unknown \(command) subcommand '\(name)'; expected \(known.joined(separator: " or "))"
    case .unknownOption(let option, _):
      return "Unknown option '\(option)'"
    case .repeatedOption(let option, _):
      return "The option '\(option)' is given more than once; give it once"
    case .missingNestedSubcommand(let command, let known):
      return "Missing \(command) subcommand; expected \(known.joined(separator: " or "))"
    case .missingValue(let option, _, let expected):
      guard !expected.isEmpty else { return "Missing value for '\(option)'" }
      return "Missing value for '\(option)'; expected \(expected.joined(separator: " or "))"
    case .invalidValue(let value, let option, let allowed, _):
      return
        "The value '\(value)' is invalid for '\(option)'; expected \(allowed.joined(separator: " or "))"
    case .missingArgument(let argument, _):
      return "Missing expected argument '\(argument)'"
    case .unexpectedArgument(let argument, _):
      return "Unexpected argument '\(argument)'"
    case .conflictingOptions(let sentence, _):
      return sentence
    case .unreadableFile(let error):
      return error.description
    case .malformedLine(let error):
      return error.description
    case .unwritableFile(let path, let reason):
      return "cannot write \(path): \(reason)"
    case .refusedOutput(let path, let reason):
      return "refusing to replace \(path): \(reason)"
    case .unmergeable(let reason):
      return "cannot merge the reports: \(reason)"
    }
  }

  /// 64 for a mistake on the command line, 65 for input that cannot be read.
  var exitCode: ExitCode {
    switch self {
    case .unreadableFile, .malformedLine, .unmergeable: return .dataError
    case .unwritableFile, .refusedOutput: return .cannotWrite
    default: return .usage
    }
  }

  /// Whether the usage follows the message: yes for a mistake on the
  /// command line, no for input that cannot be read.
  var showsUsage: Bool {
    switch self {
    case .unreadableFile, .malformedLine, .unwritableFile, .refusedOutput, .unmergeable:
      return false
    default: return true
    }
  }

  /// The command whose usage fits the error, as its words after `batchcheck`
  /// (`"corpus generate"`); nil for the root command's.
  var command: String? {
    switch self {
    case .unknownOption(_, let command), .missingValue(_, let command, _),
      .invalidValue(_, _, _, let command),
      .repeatedOption(_, let command), .unexpectedArgument(_, let command),
      .conflictingOptions(_, let command):
      return command
    case .missingArgument(_, let command), .unknownNestedSubcommand(_, let command, _),
      .missingNestedSubcommand(let command, _):
      return command
    case .unknownSubcommand, .unreadableFile, .malformedLine, .unwritableFile, .refusedOutput,
      .unmergeable:
      return nil
    }
  }
}

/// Reads the file at `path` and decodes it whole, turning its errors into
/// the command line's: a file that cannot be read, or data that cannot be
/// decoded (with its line and column).
///
///     let report = try readFile(path) { bytes throws(CaseDataError) in
///       try CheckReport(jsonBytes: bytes, file: path)
///     }
func readFile<Value>(
  _ path: String, decode: ([UInt8]) throws(CaseDataError) -> Value
) throws(CommandError) -> Value {
  let bytes: [UInt8]
  do throws(CaseFileError) {
    bytes = try CaseFile.bytes(atPath: path)
  } catch {
    throw .unreadableFile(error)
  }
  do throws(CaseDataError) {
    return try decode(bytes)
  } catch {
    throw .malformedLine(error)
  }
}

extension CommandError {
  /// What the user probably meant, for a misspelled subcommand, option or
  /// value: the closest known word, if it is close enough.
  ///
  /// - Parameter options: the options the command at fault knows.
  func suggestion(options: [String], subcommands: [String]) -> String? {
    switch self {
    case .unknownSubcommand(let name): return closestWord(to: name, among: subcommands)
    case .unknownNestedSubcommand(let name, _, let known):
      return closestWord(to: name, among: known)
    case .unknownOption(let option, _): return closestWord(to: option, among: options)
    case .invalidValue(let value, _, let allowed, _): return closestWord(to: value, among: allowed)
    default: return nil
    }
  }
}

/// The word of `candidates` closest to `word` by edit distance (insert,
/// delete, replace, or swap two neighbours), when at most 2 edits and less
/// than half the word (without an option's dashes); nil otherwise or when
/// `word` is one of them.
func closestWord(to word: String, among candidates: [String]) -> String? {
  let target = Array(word)
  // An option's dashes do not count towards its length.
  let length = word.drop { $0 == "-" }.count
  var best: (word: String, distance: Int)?
  for candidate in candidates where candidate != word {
    let distance = editDistance(target, Array(candidate))
    if distance <= 2, distance * 2 < max(length, 2), distance < best?.distance ?? .max {
      best = (candidate, distance)
    }
  }
  return best?.word
}

/// The optimal string alignment distance between `a` and `b`.
func editDistance(_ a: [Character], _ b: [Character]) -> Int {
  guard !a.isEmpty else { return b.count }
  guard !b.isEmpty else { return a.count }
  var previous2 = [Int](repeating: 0, count: b.count + 1)
  var previous = Array(0...b.count)
  var current = [Int](repeating: 0, count: b.count + 1)
  for i in 1...a.count {
    current[0] = i
    for j in 1...b.count {
      let cost = a[i - 1] == b[j - 1] ? 0 : 1
      current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
        current[j] = min(current[j], previous2[j - 2] + 1)
      }
    }
    swap(&previous2, &previous)
    swap(&previous, &current)
  }
  return previous[b.count]
}
