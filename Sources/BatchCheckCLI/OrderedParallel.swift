import Dispatch

/// Runs a pure function over a batch of inputs on several cores and gives
/// the results back in the inputs' order, so that what a command prints
/// with many workers is byte for byte what it prints with one: the order is
/// the writer's, not the order in which the workers finish.
enum OrderedParallel {
  /// `inputs.map(transform)`, computed on up to `workers` threads.
  ///
  /// - Parameters:
  ///   - workers: how many threads; 1 runs in the caller's thread.
  ///   - transform: a function with no effect but its result.
  static func map<Input, Output>(
    _ inputs: [Input], workers: Int, _ transform: (Input) -> Output
  ) -> [Output] {
    guard workers > 1, inputs.count > 1 else { return inputs.map(transform) }
    return withoutActuallyEscaping(transform) { transform in
      let slots = UnsafeMutableBufferPointer<Output?>.allocate(capacity: inputs.count)
      slots.initialize(repeating: nil)
      defer { slots.deallocate() }
      let box = Box(inputs: inputs, slots: slots, transform: transform)
      let chunks = min(workers, inputs.count)
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        // Chunk k takes inputs k, k + chunks, ...: every chunk gets a share
        // of each stretch of the batch, long lines and short alike.
        for index in stride(from: chunk, to: box.inputs.count, by: chunks) {
          box.slots[index] = box.transform(box.inputs[index])
        }
      }
      let results = slots.map { $0! }
      _ = slots.deinitialize()
      return results
    }
  }

  /// What the threads share: each writes its own slots only.
  private final class Box<Input, Output>: @unchecked Sendable {
    let inputs: [Input]
    let slots: UnsafeMutableBufferPointer<Output?>
    let transform: (Input) -> Output

    init(
      inputs: [Input], slots: UnsafeMutableBufferPointer<Output?>,
      transform: @escaping (Input) -> Output
    ) {
      self.inputs = inputs
      self.slots = slots
      self.transform = transform
    }
  }
}
