import BatchCheck

/// The episodes a random script is made of: a few steps each, shaped after the ways a
/// library's apply code keeps (or loses) its data source and batch in step.
extension ReferenceScriptGenerator {
  /// A change of the model, right for its calls two times in three.
  mutating func nextChange() -> ReferenceChange {
    let change = change(of: model, right: chance(0.65))
    model = change.new
    return change
  }

  /// A batch around `calls`: `performBatchUpdates`, or (table view) a begin/end pair.
  mutating func block(_ body: [ReferenceStep]) -> [ReferenceStep] {
    isTable && chance(0.3)
      ? [.beginUpdates] + body + [.endUpdates] : [.performBatchUpdates(body)]
  }

  /// The model set inside, before or in the middle of one batch.
  mutating func batchEpisode() -> [ReferenceStep] {
    let change = nextChange()
    let data = ReferenceStep.dataSource(change.new)
    switch int(0...3) {
    case 0: return block([data] + change.calls)
    case 1: return block(change.calls + [data])
    case 2: return [data] + block(change.calls)
    default:
      let cut = int(0...change.calls.count)
      return block(Array(change.calls[..<cut]) + [data] + Array(change.calls[cut...]))
    }
  }

  /// A table's begin/end block with the model, the calls, and now and then a reload, a
  /// drain, a reader or a nested batch inside; one in five is unbalanced.
  mutating func beginEndEpisode() -> [ReferenceStep] {
    let change = nextChange()
    let cut = int(0...change.calls.count)
    var body: [ReferenceStep] = [.dataSource(change.new)] + change.calls[..<cut]
    if chance(0.15) { body.append(.reloadData) }
    if chance(0.1) { body.append(.drain) }
    if chance(0.1) { body.append(.geometryChange) }
    if chance(0.1) { body.append(.numberOfRows(int(0...2))) }
    let rest = Array(change.calls[cut...])
    body += chance(0.5) ? [.performBatchUpdates(rest)] : rest
    switch int(0...9) {
    case 0: return [.beginUpdates] + body  // a block left open
    case 1: return [.endUpdates, .beginUpdates] + body + [.endUpdates]
    case 2: return [.beginUpdates] + body + [.endUpdates, .endUpdates]
    default: return [.beginUpdates] + body + [.endUpdates]
    }
  }

  /// The model changed once, then each call made alone (A12 when together they were right).
  mutating func standaloneEpisode() -> [ReferenceStep] {
    let change = chance(0.7) ? rightRowsChange() : nextChange()
    model = change.new
    return [.dataSource(change.new)] + split(change.calls)
  }

  /// A right rows change with more than one call, when the model has a section.
  mutating func rightRowsChange() -> ReferenceChange {
    model.isEmpty ? insertSection(model) : rowsChange(model)
  }

  /// `reloadData`, sometimes a layout pass, then the model and a batch (A2 on a
  /// collection view with no pass between).
  mutating func reloadEpisode() -> [ReferenceStep] {
    var steps: [ReferenceStep] = [.reloadData]
    if chance(0.35) { steps.append(chance(0.5) ? .layoutIfNeeded : .drain) }
    let change = nextChange()
    return steps + [.dataSource(change.new)] + block(change.calls)
  }

  /// The model changed, then something reads (or owes a layout pass), then the batch.
  mutating func readerEpisode() -> [ReferenceStep] {
    let change = nextChange()
    var readers: [ReferenceStep] = [
      .numberOfSections, .geometryChange, .drain, .layoutIfNeeded, .inWindow(true),
      .inWindow(false), isTable ? .numberOfRows(int(-1...2)) : .numberOfItems(int(-1...2)),
    ]
    if chance(0.3) { readers.append(.reloadData) }
    let steps: [ReferenceStep] = [.dataSource(change.new), pick(readers)]
    return steps + (chance(0.3) ? split(change.calls) : block(change.calls))
  }

  /// An empty or reconfigure-only batch over a model that moved (A11).
  mutating func emptyBatchEpisode() -> [ReferenceStep] {
    let change = nextChange()
    let data = ReferenceStep.dataSource(change.new)
    var shapes: [[ReferenceStep]] = [
      [data, .performBatchUpdates([])], [.performBatchUpdates([data])],
    ]
    if isTable { shapes.append([data, .beginUpdates, .endUpdates]) }
    if options.uikit == .ios18 {
      let path = RowPath(int(0...1), int(0...2))
      let reconfigure = ReferenceStep.mutation(
        .reconfigureRows, BatchUpdate(reconfigureRows: [path]))
      shapes += [[data, reconfigure], [.performBatchUpdates([data, reconfigure])]]
    }
    return pick(shapes)
  }

  /// Two stages, each with its own data (valid) or both given the final data (A5).
  mutating func stagedEpisode() -> [ReferenceStep] {
    let first = rightChange(of: model)
    let second = rightChange(of: first.new)
    model = second.new
    let firstData = chance(0.5) ? second.new : first.new
    return [
      .performBatchUpdates([.dataSource(firstData)] + first.calls),
      .performBatchUpdates([.dataSource(second.new)] + second.calls),
    ]
  }

  /// The calls made, the model never advanced in the block (A4); sometimes set after.
  mutating func notAdvancedEpisode() -> [ReferenceStep] {
    let change = rightChange(of: model)
    let steps = block(change.calls)
    guard chance(0.4) else { return steps }
    model = change.new
    return steps + [.dataSource(change.new)]
  }

  /// Nested batches, with the model and a `reloadData` inside now and then (A6).
  mutating func nestedEpisode() -> [ReferenceStep] {
    let change = nextChange()
    let cut = int(0...change.calls.count)
    var inner = Array(change.calls[cut...])
    if chance(0.3) { inner.append(.reloadData) }
    if chance(0.3) { inner.insert(.dataSource(change.new), at: 0) }
    var outer: [ReferenceStep] = [.dataSource(change.new)] + change.calls[..<cut]
    if chance(0.3) { outer.append(.reloadData) }
    if chance(0.15) { outer.append(isTable ? .numberOfRows(0) : .numberOfItems(0)) }
    outer.append(.performBatchUpdates(inner))
    if isTable && chance(0.3) { outer.insert(contentsOf: [.beginUpdates, .endUpdates], at: 1) }
    return block(outer)
  }

  /// One to three steps of the view's life: windows, layout, readers, reloads, models.
  mutating func miscSteps() -> [ReferenceStep] {
    (0..<int(1...3)).map { _ in
      switch int(0...7) {
      case 0: return .inWindow(chance(0.5))
      case 1: return .geometryChange
      case 2: return .drain
      case 3: return .layoutIfNeeded
      case 4: return .numberOfSections
      case 5: return isTable ? .numberOfRows(int(0...2)) : .numberOfItems(int(0...2))
      case 6: return .reloadData
      default:
        model = chance(0.5) ? nextChangeRows() : randomRows()
        return .dataSource(model)
      }
    }
  }

  /// The model after a right change (its calls dropped: a model change nobody reported).
  mutating func nextChangeRows() -> [[Row]] { rightChange(of: model).new }
}
