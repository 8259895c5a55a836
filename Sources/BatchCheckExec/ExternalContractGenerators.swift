import BatchCheck

/// An external generator that is given cases of one section a side only
/// (`--sections off`), its cases still kept in flight.
struct OneSectionExternalGenerator: PipelinedDeltaGenerator {
  let generator: ExternalGenerator

  var name: String { generator.name }
  var pipelineDepth: Int { generator.pipelineDepth }

  func update(from old: [Row], to new: [Row]) throws(GeneratorError) -> BatchUpdate {
    try generator.update(from: old, to: new)
  }

  func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answer: (Result<BatchUpdate, GeneratorError>) -> Void
  ) {
    generator.updates(from: next, answer: answer)
  }

  func updates(
    from next: () -> (old: [[Row]], new: [[Row]])?,
    answerWhile answer: (Result<BatchUpdate, GeneratorError>) -> Bool
  ) {
    generator.updates(from: next, answerWhile: answer)
  }
}

/// An external generator seen as a staged or a steps generator: each case's
/// answer is read in that shape.
struct ExternalAnswers: StagedDeltaGenerator, StepsDeltaGenerator {
  let generator: ExternalGenerator

  var name: String { generator.name }

  func stages(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Stage] {
    try stages(from: [old], to: [new])
  }

  func steps(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Step] {
    try steps(from: [old], to: [new])
  }

  /// The process's stages for sections `old` → `new`.
  func stages(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Stage] {
    let changes = try generator.changes(from: old, to: new, as: .staged)
    guard case .staged(let stages) = changes else { throw ExternalGenerator.wrongShape(changes) }
    return stages
  }

  /// The process's steps for sections `old` → `new`.
  func steps(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Step] {
    let changes = try generator.changes(from: old, to: new, as: .steps)
    guard case .steps(let steps) = changes else { throw ExternalGenerator.wrongShape(changes) }
    return steps
  }
}

/// `ExternalAnswers` for a process that also diffs several sections: the
/// sectioned twins, so that the engine sends it cases of several sections
/// (section steps and stages with section operations come back).
struct SectionedExternalAnswers: SectionedStagedDeltaGenerator, SectionedStepsDeltaGenerator {
  let answers: ExternalAnswers

  var name: String { answers.name }

  func stages(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Stage] {
    try answers.stages(from: old, to: new)
  }

  func steps(from old: [Row], to new: [Row]) throws(GeneratorError) -> [Step] {
    try answers.steps(from: old, to: new)
  }

  func stages(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Stage] {
    try answers.stages(from: old, to: new)
  }

  func steps(from old: [[Row]], to new: [[Row]]) throws(GeneratorError) -> [Step] {
    try answers.steps(from: old, to: new)
  }
}
