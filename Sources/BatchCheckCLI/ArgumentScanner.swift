import Foundation

/// Walks a subcommand's arguments: `--name value`, `--name=value`, flags and
/// positional arguments, turning every mistake into a `CommandError`.
///
/// Commands do not walk it themselves: `parseOptions` does, taking each
/// option as the command's `CommandOption` list declares it.
///
///     var scanner = ArgumentScanner(["--seed", "7", "--format=json"], command: "check")
///     try scanner.nextOption()                                       // "--seed"
///     try scanner.value(for: "--seed", allowed: "a seed", parse: parseSeed)  // 7
struct ArgumentScanner {
  private let arguments: [String]
  private var index = 0
  /// The value given with `=` to the option just returned, if any.
  private var inlineValue: String?
  /// Arguments that are not options, in order (and everything after `--`).
  private(set) var positional: [String] = []
  /// The words naming the command in errors; nil: the root's.
  let command: String?

  init(_ arguments: [String], command: String?) {
    let (options, rest) = splitAtDoubleDash(arguments)
    self.arguments = options
    self.positional = []
    self.command = command
    self.trailing = rest
  }

  private let trailing: [String]

  /// The next option (`--name`), collecting positional arguments on the way;
  /// nil at the end, when the positional arguments are complete.
  mutating func nextOption() throws(CommandError) -> String? {
    inlineValue = nil
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        inlineValue = String(argument[argument.index(after: equals)...])
        return String(argument[..<equals])
      }
      if argument.hasPrefix("-"), argument != "-" { return argument }
      positional.append(argument)
    }
    positional += trailing
    return nil
  }

  /// The options whose value was taken: each may be given once.
  private var given: Set<String> = []

  /// The value of `option`: after `=`, or the next argument.
  ///
  /// - Parameter expected: what the value may be, for the error when it is
  ///   missing (`lcs or heckel`); empty for any text.
  /// - Throws: `repeatedOption` when `option` was given before,
  ///   `missingValue` when it came last.
  mutating func value(for option: String, expected: [String] = []) throws(CommandError) -> String {
    guard given.insert(option).inserted else { throw .repeatedOption(option, command: command) }
    if let inlineValue {
      self.inlineValue = nil
      return inlineValue
    }
    guard index < arguments.count else {
      throw .missingValue(option: option, command: command, expected: expected)
    }
    index += 1
    return arguments[index - 1]
  }

  /// The value of `option`, parsed; `allowed` describes what parses.
  mutating func value<T>(
    for option: String, allowed: String, parse: (String) -> T?
  ) throws(CommandError) -> T {
    let text = try value(for: option, expected: [allowed])
    guard let parsed = parse(text) else {
      throw .invalidValue(text, option: option, allowed: [allowed], command: command)
    }
    return parsed
  }

  /// The value of `option`, one of an enumeration's raw values.
  mutating func choice<T: RawRepresentable & CaseIterable>(
    for option: String, _ type: T.Type
  ) throws(CommandError) -> T where T.RawValue == String {
    let text = try value(for: option, expected: T.allCases.map(\.rawValue))
    guard let parsed = T(rawValue: text) else {
      throw .invalidValue(
        text, option: option, allowed: T.allCases.map(\.rawValue), command: command)
    }
    return parsed
  }

  /// The error for an option this command does not know.
  func unknown(_ option: String) -> CommandError {
    .unknownOption(option, command: command)
  }
}

/// A 64-bit seed written in decimal or as `0x` hexadecimal (underscores allowed).
///
///     parseSeed("0x00BA_7C4E")  // 12221518
///     parseSeed("-1")           // nil
func parseSeed(_ text: String) -> UInt64? {
  let digits = text.replacingOccurrences(of: "_", with: "")
  if digits.lowercased().hasPrefix("0x") {
    return UInt64(digits.dropFirst(2), radix: 16)
  }
  return UInt64(digits)
}
