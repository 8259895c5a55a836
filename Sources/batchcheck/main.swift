import BatchCheckCLI
import Foundation

exit(await BatchCheckCommand.main(Array(CommandLine.arguments.dropFirst())))
