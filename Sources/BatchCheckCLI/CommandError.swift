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
  /// An option that needs a value came last (command nil: the root's).
  case missingValue(option: String, command: String?)
  /// An option's value is not one of the allowed ones (command nil: the root's).
  case invalidValue(String, option: String, allowed: [String], command: String?)
  /// A required positional argument is missing.
  case missingArgument(String, command: String)
  /// A positional argument the command does not take.
  case unexpectedArgument(String, command: String)
  /// Two options that cannot go together, or neither of two that one is needed of.
  case conflictingOptions(String, command: String)
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

  /// The text after `Error: `.
  var message: String {
    switch self {
    case .unknownSubcommand(let name):
      return "Unknown subcommand '\(name)'"
    case .unknownNestedSubcommand(let name, let command, let known):
      return "Unknown \(command) subcommand '\(name)'; expected \(known.joined(separator: " or "))"
    case .unknownOption(let option, _):
      return "Unknown option '\(option)'"
    case .missingValue(let option, _):
      return "Missing value for '\(option)'"
    case .invalidValue(let value, let option, let allowed, _):
      return "The value '\(value)' is invalid for '\(option)'; expected \(allowed.joined(separator: " or "))"
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
    case .unreadableFile, .malformedLine, .unwritableFile, .refusedOutput, .unmergeable: return false
    default: return true
    }
  }

  /// The command whose usage fits the error, as its words after `batchcheck`
  /// (`"corpus generate"`); nil for the root command's.
  var command: String? {
    switch self {
    case .unknownOption(_, let command), .missingValue(_, let command), .invalidValue(_, _, _, let command):
      return command
    case .missingArgument(_, let command),
      .unexpectedArgument(_, let command), .conflictingOptions(_, let command),
      .unknownNestedSubcommand(_, let command, _):
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
