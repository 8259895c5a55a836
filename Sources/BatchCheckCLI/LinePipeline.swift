import BatchCheckCorpus
import Dispatch
import Foundation

/// Streams a case file through several cores. The calling thread reads the
/// file's lines and sends them a batch at a time to worker threads, which
/// decode and judge every line (with one worker that judges chunks, the
/// calling thread decodes too, so that the worker only judges); the
/// calling thread gets each line and its
/// judgement back in file order, batch after batch, while the workers go on
/// with the batches sent after it. What a command prints is then byte for
/// byte what it prints with one worker: the order is the writer's, not the
/// order in which the workers finish.
///
/// Memory holds the read block of the file, at most `depth` + 1 batches
/// (each at most `batchLines` lines and about `batchBytes` bytes of text),
/// and the longest line: never the file.
struct LinePipeline<Context: Sendable, Output: Sendable> {
  /// How many threads judge lines; 1 reads, judges and delivers each line
  /// in the calling thread, one line at a time, unless it judges chunks
  /// (`Judging.chunk`).
  let workers: Int
  /// The most lines a batch holds.
  var batchLines = 512
  /// The text bytes past which a batch is sent even with fewer lines.
  var batchBytes = 1 << 22
  /// How many batches the workers may hold, judged or waiting, while the
  /// calling thread reads the next one.
  var depth = 2
  /// How the lines are judged.
  let judge: Judging

  /// How a pipeline judges its lines.
  enum Judging: Sendable {
    /// One decoded line at a time: a function with no effect but its result.
    case line(@Sendable (Context, CaseLine) -> Output)
    /// The decoded lines of one chunk of a batch, in order, on worker
    /// thread `worker` (from 0): one output per line, with no effect but
    /// its result, apart from what the worker's own state keeps (`corpus
    /// check --exec` talks to the worker's own generator process). One
    /// worker takes batches too, on a thread of its own while the calling
    /// thread reads.
    case chunk(@Sendable (Context, _ worker: Int, [CaseLine]) -> [Output])
  }

  /// A pipeline that judges each line on its own.
  init(
    workers: Int, judge: @escaping @Sendable (Context, CaseLine) -> Output
  ) {
    self.workers = workers
    self.judge = .line(judge)
  }

  /// A pipeline that judges a chunk of lines at a time, told which worker
  /// thread runs it: chunk *k* of every batch runs on worker *k*, so that
  /// state kept per worker (a process, a cache) is only ever touched by
  /// its own thread. One worker takes batches too.
  init(
    workers: Int,
    judgeChunk: @escaping @Sendable (Context, _ worker: Int, [CaseLine]) -> [Output]
  ) {
    self.workers = workers
    self.judge = .chunk(judgeChunk)
  }

  /// Runs the lines of `file` (`-`: standard input).
  ///
  /// - Parameters:
  ///   - context: what the workers may read while they judge a batch,
  ///     taken in the calling thread as the batch is sent.
  ///   - admit: called in file order, as each non-blank line is read;
  ///     false leaves the line out (it is neither judged nor delivered).
  ///   - deliver: called in file order with each admitted line and its
  ///     judgement; false stops: no later line is delivered.
  /// - Throws: `CaseFileError` when the file cannot be read, after every
  ///   line read before the error is delivered.
  func run(
    file: String, context: () -> Context, admit: () -> Bool,
    deliver: (CaseLine, Output) -> Bool
  ) throws(CaseFileError) {
    if workers <= 1, case .line(let judge) = judge {
      try CaseFile.forEachLine(atPath: file) { line in
        guard admit() else { return true }
        return deliver(line, judge(context(), line))
      }
      return
    }
    let pool = WorkerPool(threads: workers)
    defer { pool.close() }
    var batch = RawLineBatch(file: file)
    var sent: [Work] = []
    var stopped = false
    func send() {
      guard batch.count > 0, !stopped else { return }
      // With one worker, the reading thread decodes the batch too, so that
      // the worker only judges: two threads share the work, not one.
      let decoded = workers == 1 ? (0..<batch.count).map { batch.decode($0) } : nil
      sent.append(
        Work(
          batch: batch, decoded: decoded, context: context(), judge: judge, workers: workers,
          pool: pool))
      batch = RawLineBatch(file: file)
    }
    // Delivers the oldest batches until at most `left` are out.
    func collect(leaving left: Int) {
      while sent.count > left {
        let work = sent.removeFirst()
        work.group.wait()
        for index in 0..<work.batch.count where !stopped {
          stopped = !work.deliver(index, deliver)
        }
        // Each line is let go on the thread that made it: memory freed
        // where it was allocated costs no lock between threads.
        if work.decodedHere { work.releaseLines() }
        for chunk in 0..<work.chunks {
          pool.submit(to: chunk) { work.release(chunk: chunk) }
        }
      }
    }
    do throws(CaseFileError) {
      try CaseFile.forEachRawLine(atPath: file) { line in
        guard admit() else { return true }
        batch.append(line)
        if batch.count >= batchLines || batch.byteCount >= batchBytes {
          send()
          collect(leaving: depth)
        }
        return !stopped
      }
    } catch {
      send()
      collect(leaving: 0)
      throw error
    }
    send()
    collect(leaving: 0)
  }

  /// One batch out to the workers: chunk k goes to worker thread k, which
  /// writes that chunk's slots only and later empties them
  /// (`release(chunk:)`); the group is left once every line is judged.
  private final class Work: @unchecked Sendable {
    let batch: RawLineBatch
    let lines: UnsafeMutableBufferPointer<CaseLine?>
    let outputs: UnsafeMutableBufferPointer<Output?>
    let group = DispatchGroup()
    /// How many chunks the batch is cut into, one per worker thread at most.
    let chunks: Int

    /// Whether the reading thread decoded the lines (`decoded` given).
    let decodedHere: Bool
    /// The lines the reading thread decoded, until the one chunk that
    /// judges them takes them (`takeDecoded`).
    private var decoded: [CaseLine]?

    init(
      batch: RawLineBatch, decoded: [CaseLine]?, context: Context,
      judge: Judging,
      workers: Int, pool: WorkerPool
    ) {
      self.batch = batch
      // The reader decodes for one worker only: a single chunk takes them.
      self.decoded = decoded
      decodedHere = decoded != nil
      lines = .allocate(capacity: batch.count)
      lines.initialize(repeating: nil)
      outputs = .allocate(capacity: batch.count)
      outputs.initialize(repeating: nil)
      // Chunk k takes lines k, k + chunks, ...: every chunk gets a share of
      // each stretch of the batch, long lines and short alike.
      chunks = min(workers, batch.count)
      for chunk in 0..<chunks {
        group.enter()
        pool.submit(to: chunk) { [self, chunks] in
          let indices = stride(from: chunk, to: self.batch.count, by: chunks)
          switch judge {
          case .line(let judge):
            for index in indices {
              let line = self.batch.decode(index)
              outputs[index] = judge(context, line)
              lines[index] = line
            }
          case .chunk(let judge):
            var decoded = self.takeDecoded() ?? indices.map { self.batch.decode($0) }
            var judged = judge(context, chunk, decoded)
            // Each moved into its slot, from the last, rather than copied
            // (a judge owes one output per line).
            for index in indices.reversed() {
              outputs[index] = judged.popLast()
              lines[index] = decoded.removeLast()
            }
          }
          group.leave()
        }
      }
    }

    /// Hands line `index` and its output to `body` uncopied: moved out of
    /// their slots and back, so that they are still let go on the thread
    /// that made them (`release(chunk:)`).
    func deliver(_ index: Int, _ body: (CaseLine, Output) -> Bool) -> Bool {
      let line = (lines.baseAddress! + index).move()!
      let output = (outputs.baseAddress! + index).move()!
      defer {
        (lines.baseAddress! + index).initialize(to: line)
        (outputs.baseAddress! + index).initialize(to: output)
      }
      return body(line, output)
    }

    /// Empties the slots of chunk `chunk`, once delivered.
    func release(chunk: Int) {
      for index in stride(from: chunk, to: batch.count, by: chunks) {
        lines[index] = nil
        outputs[index] = nil
      }
    }

    /// The lines the reading thread decoded, moved out (nil the second
    /// time, and when it decoded none).
    private func takeDecoded() -> [CaseLine]? { decoded.take() }

    /// Empties every line's slot, once delivered, on the reading thread
    /// that decoded them (`decodedHere`).
    func releaseLines() {
      for index in 0..<batch.count { lines[index] = nil }
    }

    deinit {
      // Every chunk has left the group before the last reference goes.
      lines.deinitialize()
      lines.deallocate()
      outputs.deinitialize()
      outputs.deallocate()
    }
  }
}

/// Threads of their own for `LinePipeline`'s workers. The pipeline's
/// reader waits for its batches, and may itself be a thread of the shared
/// pool that runs Swift tasks and `DispatchQueue.global()`: a worker there
/// could wait behind the reader's own waiting. Each thread runs the jobs
/// submitted to it in order, until `close`.
final class WorkerPool: @unchecked Sendable {
  private let condition = NSCondition()
  /// Per thread, the jobs submitted and not yet taken, from `next` on; a
  /// taken job's slot is emptied, so that what it holds goes as soon as it
  /// has run.
  private var queues: [[(@Sendable () -> Void)?]]
  private var next: [Int]
  private var closed = false

  /// Starts `threads` threads (at least one), each with a stack as large as
  /// a main thread's.
  init(threads: Int) {
    let count = max(1, threads)
    queues = Array(repeating: [], count: count)
    next = Array(repeating: 0, count: count)
    for index in 0..<count {
      let thread = Thread { [self] in work(index) }
      thread.name = "batchcheck-worker-\(index + 1)"
      thread.stackSize = 8 << 20
      thread.start()
    }
  }

  /// Runs `job` on thread `thread` (modulo the thread count), after every
  /// job submitted to that thread before it.
  func submit(to thread: Int, _ job: @escaping @Sendable () -> Void) {
    condition.lock()
    queues[thread % queues.count].append(job)
    condition.broadcast()
    condition.unlock()
  }

  /// Lets each thread end once no job is left for it.
  func close() {
    condition.lock()
    closed = true
    condition.broadcast()
    condition.unlock()
  }

  private func work(_ thread: Int) {
    while true {
      condition.lock()
      while next[thread] == queues[thread].count && !closed { condition.wait() }
      guard next[thread] < queues[thread].count else {
        condition.unlock()
        return
      }
      let job = queues[thread][next[thread]]
      queues[thread][next[thread]] = nil
      next[thread] += 1
      if next[thread] == queues[thread].count {
        queues[thread].removeAll(keepingCapacity: true)
        next[thread] = 0
      }
      condition.unlock()
      job?()
    }
  }
}
