import BatchCheck
import BatchCheckCorpus

extension ExternalGenerator {
  /// The version of the wire protocol that carries snapshot cases. Version
  /// 1 (batch, staged and steps cases) sends no `protocol` key; a snapshot
  /// request names its version, so that a generator can tell the two apart.
  public static let snapshotProtocolVersion = 2

  /// Asks the process for the snapshot calls that take `old` to `new`: one
  /// line out, `{"protocol":2,"contract":"snapshot","start":"empty","old":[...],"new":[...]}`
  /// (sections as `[[id, [rows]], ...]`, as a case file writes them), one
  /// line back, an array of calls as a case's `calls` holds them
  /// (`[{"op":"appendSections","ids":["S"]},...]`).
  ///
  /// A builder (`start: .empty`) answers the calls that build `new` from an
  /// empty snapshot; an editor (`start: .old`) the calls that edit the
  /// applied `old` snapshot into `new`.
  ///
  /// - Throws: `GeneratorError` as `update(from:to:)` does: a process that
  ///   crashes, hangs or answers something else is killed and restarted on
  ///   the next case.
  public func snapshotCalls(
    old: [SnapshotSection<SnapshotIdentifier, SnapshotIdentifier>],
    new: [SnapshotSection<SnapshotIdentifier, SnapshotIdentifier>], start: SnapshotStart
  ) throws(GeneratorError) -> [SnapshotCall<SnapshotIdentifier, SnapshotIdentifier>] {
    let request = Array(
      ("{\"protocol\":\(Self.snapshotProtocolVersion),\"contract\":\"snapshot\",\"start\":\"\(start.rawValue)\",\"old\":"
        + SnapshotCaseJSON.sections(old) + ",\"new\":" + SnapshotCaseJSON.sections(new) + "}\n")
        .utf8)
    lock.lock()
    defer { lock.unlock() }
    let process = try readyProcess()
    process.enqueue(request)
    return try answer(
      from: process, requestEnd: process.queuedBytes, requestBytes: request.count,
      shape: "an array of snapshot calls"
    ) { line throws(LineError) in
      try CaseDecoder.decodeSnapshotCalls(lineBytes: line)
    }
  }
}
