import BatchCheckCLI
import Foundation

/// A command run in process: its exit status and everything it wrote.
struct CommandRun {
  var status: Int32
  var standardOutput: String
  var standardError: String
}

/// Runs `batchcheck` in process with `arguments`.
func runCommand(_ arguments: [String]) async -> CommandRun {
  var output = CapturedOutput()
  let status = await BatchCheckCommand.run(arguments, output: &output)
  return CommandRun(
    status: status, standardOutput: output.standardOutput, standardError: output.standardError)
}

/// Cases whose verdict does not depend on the simulator's rules: nothing
/// changes and the update is empty, so the verdict is `valid`.
enum Lines {
  static let agrees =
    #"{"name":"unchanged","old":[["a","b"]],"new":[["a","b"]],"update":{},"expect":{"verdict":"valid"}}"#
  static let noExpectation = #"{"old":["a"],"new":["a"]}"#
  static let disagrees =
    #"{"name":"wrong","old":["a"],"new":["a"],"expect":{"verdict":"exception","rule":"R11","message":"delete and a move"}}"#
  static let malformed = #"{"old":[],"new":[],"update":{"deleteRows":[[0]]}}"#
  /// The edit size `validate --format json` gives `agrees`: an empty update of an unchanged section.
  static let agreesEdits =
    #"{"deletes":0,"inserts":0,"moves":0,"reloads":0,"unchangedReloads":0,"minimumDeletes":0,"#
    + #""minimumInserts":0,"minimumMoves":0,"minimumMovesIsBound":false,"sectionDeletes":0,"#
    + #""sectionInserts":0,"sectionMoves":0,"sectionReloads":0,"reloadsChangingIdentity":0,"#
    + #""minimumMovesWithoutReloads":0,"fairMinimumMoves":0,"deletedAndInsertedAgain":0,"#
    + #""extraMoves":0,"unneededDeletes":0,"casesWithUnneededDeletes":0,"casesWithExtraMoves":0,"#
    + #""sections":[{"section":0,"deletes":0,"#
    + #""inserts":0,"moves":0,"reloads":0,"unchangedReloads":0,"minimumDeletes":0,"minimumInserts":0,"#
    + #""minimumMoves":0,"minimumMovesWithoutReloads":0}]}"#
}
