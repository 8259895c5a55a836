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
    // The requests in flight, oldest first, and where each ends in what the
    // current process was sent.
    var requests: [[UInt8]] = []
    var ends: [Int] = []
    var oldest = 0
    var exhausted = false
    // Once `answer` has returned false: the answers left are read unseen.
    var dropping = false
    while true {
      if oldest == requests.count {
        guard !exhausted, let first = next() else { return }
        requests = [Self.request(first.old, first.new)]
        oldest = 0
      }
      let process: ChildProcess
      do throws(GeneratorError) {
        process = try readyProcess()
      } catch {
        guard !dropping else { return }
        oldest += 1
        if !answer(.failure(error)) {
          dropping = true
          exhausted = true
        }
        continue
      }
      // A fresh process gets the requests still in flight again.
      ends = Array(repeating: 0, count: oldest)
      for request in requests[oldest...] {
        process.enqueue(request)
        ends.append(process.queuedBytes)
      }
      // Requests queued since the last write: they go out together, once
      // half the pipeline's worth has gathered (or when an answer must be
      // waited for), so that one write serves several cases and the
      // process works on them while this one judges the answers it has.
      var unsent = 0
      // After a failure, few cases in flight: the cases sent ahead of a
      // crash or a hang are answered again by a fresh process.
      let depth = failedBefore ? min(pipelineDepth, Self.depthAfterFailure) : pipelineDepth
      let batch = max(1, depth / 2)
      while oldest < requests.count {
        while requests.count - oldest < depth, !exhausted {
          guard let more = next() else {
            exhausted = true
            break
          }
          let request = Self.request(more.old, more.new)
          process.enqueue(request)
          requests.append(request)
          ends.append(process.queuedBytes)
          unsent += 1
        }
        if unsent >= batch || exhausted {
          process.writeQueued()
          unsent = 0
        }
        let result: Result<BatchUpdate, GeneratorError>
        do throws(GeneratorError) {
          let changes = try self.answer(
            from: process, requestEnd: ends[oldest], requestBytes: requests[oldest].count,
            contract: .batch)
          guard case .batch(let update) = changes else { throw Self.wrongShape(changes) }
          result = .success(update)
        } catch {
          result = .failure(error)
        }
        oldest += 1
        if case .failure = result {
          failedBefore = true
          // A failed process is not started again for cases nobody judges;
          // one still running with cases in flight is out of step: ended.
          guard !dropping, answer(result) else {
            if oldest < requests.count { discard() }
            return
          }
          break
        }
        if !dropping, !answer(result) {
          dropping = true
          exhausted = true
        }
        if oldest >= 4096 {
          // Forget the answered requests: memory stays that of the cases in flight.
          requests.removeSubrange(..<oldest)
          ends.removeSubrange(..<oldest)
          oldest = 0
        }
      }
    }
  }
}
