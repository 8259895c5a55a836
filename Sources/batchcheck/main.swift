import BatchCheckCLI
import BatchCheckExec
import Foundation

// An external generator's supervisor is this program started again: it
// supervises and never returns (GeneratorSupervisor, in BatchCheckExec).
GeneratorSupervisor.start()
exit(await BatchCheckCommand.main(Array(CommandLine.arguments.dropFirst())))
