import BatchCheck

extension ExternalGenerator {
  /// Keeps up to `pipelineDepth` cases in flight: asks `next` for cases
  /// and sends them while the process answers the earlier ones, and hands
  /// `answer` each answer in order, as the process gives it, so that the
  /// caller judges one case while the process works on the next. The
  /// process answers them one line each, in order, as it would one at a
  /// time. A case the process fails (it crashes, times out, answers
  /// something else) gets its error, and the cases in flight after it go to
  /// a fresh process.
  ///
  ///     generator.updates(for: [([[Row("a")]], [[]]), ([[]], [[Row("b")]])])
  ///     // [.success(deleteRows [0,0]), .success(insertRows [0,0])], one round trip
  ///
  /// - Complexity: O(*n* + *m*) besides the process's own work, where *n* is
  ///   the number of rows of the cases and *m* the length of the answers.
  public func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answer: (Result<BatchUpdate, GeneratorError>) -> Void
  ) {
    updates(
      from: next,
      answerWhile: { result in
        answer(result)
        return true
      })
  }

  /// `updates(from:answer:)` that stops once `answer` returns false: it asks
  /// for no more cases, and drops the cases in flight. A live process still
  /// answers those it was sent (unseen), so that it stays in step for the
  /// next call; a process that has failed is not started again for them.
  public func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answerWhile answer: (Result<BatchUpdate, GeneratorError>) -> Bool
  ) {
    lock.lock()
    defer { lock.unlock() }
    var flight = InFlight()
    while true {
      if flight.oldest == flight.requests.count {
        guard !flight.exhausted, let first = next() else { return }
        flight.requests = [Self.request(first.old, first.new)]
        flight.oldest = 0
      }
      let process: ChildProcess
      do throws(GeneratorError) {
        process = try readyProcess()
      } catch {
        guard !flight.dropping else { return }
        flight.oldest += 1
        if !answer(.failure(error)) { flight.stopAsking() }
        continue
      }
      // A fresh process gets the requests still in flight again.
      flight.resend(to: process)
      // Requests queued since the last write: they go out together, once
      // half the pipeline's worth has gathered (or when an answer must be
      // waited for), so that one write serves several cases and the
      // process works on them while this one judges the answers it has.
      var unsent = 0
      // After a failure, few cases in flight: the cases sent ahead of a
      // crash or a hang are answered again by a fresh process.
      let depth = failedBefore ? min(pipelineDepth, Self.depthAfterFailure) : pipelineDepth
      let batch = max(1, depth / 2)
      while flight.oldest < flight.requests.count {
        unsent += flight.fill(process, depth: depth, from: next)
        if unsent >= batch || flight.exhausted {
          process.writeQueued()
          unsent = 0
        }
        let result = batchAnswer(
          from: process, requestEnd: flight.ends[flight.oldest],
          requestBytes: flight.requests[flight.oldest].count)
        flight.oldest += 1
        if case .failure = result {
          failedBefore = true
          // A failed process is not started again for cases nobody judges;
          // one still running with cases in flight is out of step: ended.
          guard !flight.dropping, answer(result) else {
            if flight.oldest < flight.requests.count { discard() }
            return
          }
          break
        }
        if !flight.dropping, !answer(result) { flight.stopAsking() }
        flight.forgetAnswered()
      }
    }
  }

  /// The process's answer to the request that ends at byte `requestEnd` of
  /// what it was sent, `requestBytes` long: an update, or why there is none.
  private func batchAnswer(
    from process: ChildProcess, requestEnd: Int, requestBytes: Int
  ) -> Result<BatchUpdate, GeneratorError> {
    do throws(GeneratorError) {
      let changes = try answer(
        from: process, requestEnd: requestEnd, requestBytes: requestBytes, contract: .batch)
      guard case .batch(let update) = changes else { throw Self.wrongShape(changes) }
      return .success(update)
    } catch {
      return .failure(error)
    }
  }
}

/// The requests of `updates(from:answerWhile:)` in flight, oldest first,
/// and where each ends in what the current process was sent.
private struct InFlight {
  var requests: [[UInt8]] = []
  var ends: [Int] = []
  /// The oldest request not answered yet.
  var oldest = 0
  /// Whether no more cases are asked for.
  var exhausted = false
  /// Once `answer` has returned false: the answers left are read unseen.
  var dropping = false

  /// Asks for no more cases, and reads the answers left unseen.
  mutating func stopAsking() {
    dropping = true
    exhausted = true
  }

  /// Sends the requests not answered yet to a fresh `process`.
  mutating func resend(to process: ChildProcess) {
    ends = Array(repeating: 0, count: oldest)
    for request in requests[oldest...] {
      process.enqueue(request)
      ends.append(process.queuedBytes)
    }
  }

  /// Queues cases from `next` to `process` until `depth` are in flight or
  /// `next` has no more; returns how many it queued.
  mutating func fill(
    _ process: ChildProcess, depth: Int, from next: () -> (old: [[Row]], new: [[Row]])?
  ) -> Int {
    var queued = 0
    while requests.count - oldest < depth, !exhausted {
      guard let more = next() else {
        exhausted = true
        break
      }
      let request = ExternalGenerator.request(more.old, more.new)
      process.enqueue(request)
      requests.append(request)
      ends.append(process.queuedBytes)
      queued += 1
    }
    return queued
  }

  /// Forgets the answered requests once there are many: memory stays that
  /// of the cases in flight.
  mutating func forgetAnswered() {
    if oldest >= 4096 {
      requests.removeSubrange(..<oldest)
      ends.removeSubrange(..<oldest)
      oldest = 0
    }
  }
}
