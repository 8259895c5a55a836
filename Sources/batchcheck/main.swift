import BatchCheckCLI
import Foundation

var output = StandardOutput()
exit(BatchCheckCommand.run(Array(CommandLine.arguments.dropFirst()), output: &output))
