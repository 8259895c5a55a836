// BatchCheckExec runs a delta generator that is another program, spoken to
// in JSON lines over pipes (`--exec`; the protocol is the `--exec` protocol
// article, Sources/BatchCheck/BatchCheck.docc/ExecProtocol.md). It reads the
// answers with BatchCheckCorpus's case decoder.
//
// - ExternalGenerator.swift: the generator, one case at a time.
// - ExternalGenerator+Pipeline.swift: cases kept in flight (`updates(from:answer:)`).
// - ExternalGenerator+Answer.swift: reading and decoding an answer; the error texts.
// - ExternalContractGenerators.swift: the process as a one-section, staged or
//   steps generator.
// - ExternalGeneratorWire.swift: the plain spelling of the wire's lines, read fast.
// - ChildProcess.swift, ChildProcess+Spawn.swift: one running process and its pipes.
// - ExitStatus.swift, ByteTail.swift, Deadline.swift: how it ended, the end
//   of its stderr, a point on the monotonic clock.
// - ProcessCleanup.swift: every group killed at exit and on SIGINT, SIGTERM, SIGHUP.
// - GeneratorSupervisor.swift: the group's leader in `batchcheck`, for SIGKILL.
