import Foundation
import PackagePlugin

/// `swift package batchcheck <arguments>`: runs the `batchcheck` command
/// line tool, built by the package manager, with the given arguments, in
/// the directory of the package the command runs in, and exits with the
/// tool's status.
///
///     swift package batchcheck --version
///     swift package batchcheck corpus check Corpus --generator heckel
///     swift package --allow-writing-to-package-directory batchcheck corpus generate --out Corpus/mine.jsonl
///
/// The plugin asks for no permission: commands that only read and print
/// run as they are. A command that writes into the package (`corpus
/// generate --out`, `--html`, `--junit`, `--save-regressions`) needs
/// `--allow-writing-to-package-directory` before `batchcheck` where the
/// package manager sandboxes plugins (macOS).
@main
struct BatchCheckPlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "batchcheck")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      Diagnostics.error("batchcheck was stopped by signal \(process.terminationStatus)")
      exit(128 + process.terminationStatus)
    }
    if process.terminationStatus != 0 {
      exit(process.terminationStatus)
    }
  }
}
