import BatchCheck

extension CheckReport {
  /// Reads a report back from the JSON `renderJSON()` writes, for
  /// `batchcheck merge`: the shards of a run, each on its own machine, merge
  /// into one report (`CheckReport.merging(_:)`).
  ///
  ///     let report = try CheckReport(json: text, file: "shard-1.json")
  ///     report.renderJSON() == text   // true for what renderJSON wrote
  ///
  /// Keys the report does not know are ignored (a newer writer may add
  /// some); every key `renderJSON()` writes must be there with its type
  /// (a key added since 0.1.0 may be absent). A failure read back keeps its
  /// verdict's place and first offending cell, its failing stage or step
  /// and its replay recipe: the report renders the same, as text, as JSON
  /// and as HTML.
  ///
  /// - Parameters:
  ///   - json: one report, as one JSON value (line breaks around it allowed).
  ///   - file: the name errors carry.
  /// - Throws: `CaseDataError` at the line and column of the first problem.
  /// - Complexity: O(*n*), where *n* is the length of `json`.
  public init(json: String, file: String = "-") throws(CaseDataError) {
    try self.init(jsonBytes: Array(json.utf8), file: file)
  }

  /// `init(json:file:)` for the bytes of a file: invalid UTF-8 is an error
  /// at its byte.
  ///
  /// - Throws: `CaseDataError` at the line and column of the first problem.
  public init(jsonBytes bytes: [UInt8], file: String = "-") throws(CaseDataError) {
    do throws(LineError) {
      try CaseFile.checkUTF8(bytes)
      self = try ReportDecoder.report(try JSONParser.parse(bytes))
    } catch {
      // Place the error on its line: a pretty-printed report spans several.
      var line = 1
      var start = 0
      for (offset, byte) in bytes.enumerated() where offset < error.offset && byte == 0x0A {
        line += 1
        start = offset + 1
      }
      var placed = error
      placed.offset -= start
      let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
      throw CaseDataError(
        file: file, line: line, lineBytes: Array(bytes[start..<end]), error: placed)
    }
  }
}

/// Reads the JSON of `CheckReport.renderJSON()`.
enum ReportDecoder {
  /// The members of an object by key, each required unless asked with `optional`.
  struct Fields {
    let node: JSONNode
    let members: [String: JSONNode]
    let what: String

    init(_ node: JSONNode, _ what: String) throws(LineError) {
      self.node = node
      self.what = what
      var members: [String: JSONNode] = [:]
      for member in try CaseDecoder.sharedObject(node, what) where members[member.key] == nil {
        members[member.key] = member.value
      }
      self.members = members
    }

    func required(_ key: String) throws(LineError) -> JSONNode {
      guard let value = members[key] else {
        throw LineError(offset: node.offset, message: "\(what) has no \"\(key)\"")
      }
      return value
    }

    /// nil when the key is absent or null.
    func optional(_ key: String) -> JSONNode? {
      guard let value = members[key] else { return nil }
      if case .null = value.value { return nil }
      return value
    }

    func integer(_ key: String) throws(LineError) -> Int {
      try ReportDecoder.integer(try required(key), "\"\(key)\"")
    }

    /// A count: an integer of at least 0.
    func count(_ key: String) throws(LineError) -> Int {
      let value = try integer(key)
      guard value >= 0 else {
        throw LineError(
          offset: members[key]?.offset ?? node.offset,
          message: "expected a count of at least 0 for \"\(key)\", found \(value)")
      }
      return value
    }

    func string(_ key: String) throws(LineError) -> String {
      try ReportDecoder.string(try required(key), "\"\(key)\"")
    }

    func optionalString(_ key: String) throws(LineError) -> String? {
      guard let value = optional(key) else { return nil }
      return try ReportDecoder.string(value, "\"\(key)\"")
    }

    func bool(_ key: String) throws(LineError) -> Bool {
      let value = try required(key)
      guard case .bool(let flag) = value.value else {
        throw LineError(
          offset: value.offset,
          message: "expected true or false for \"\(key)\", found \(value.value.typeDescription)")
      }
      return flag
    }

    func seed(_ key: String) throws(LineError) -> UInt64 {
      try ReportDecoder.seed(try required(key), "\"\(key)\"")
    }

    func choice<Value: RawRepresentable & CaseIterable>(_ key: String, _ type: Value.Type)
      throws(LineError) -> Value where Value.RawValue == String
    {
      try CaseDecoder.sharedEnumeration(try required(key), for: "\"\(key)\"", type)
    }
  }

  static func integer(_ node: JSONNode, _ what: String) throws(LineError) -> Int {
    try CaseDecoder.sharedInteger(node, "for \(what)")
  }

  static func string(_ node: JSONNode, _ what: String) throws(LineError) -> String {
    try CaseDecoder.sharedString(node, for: what)
  }

  /// `"0x00ba7c4ec4ec0001"`: a seed as reports write it.
  static func seed(_ node: JSONNode, _ what: String) throws(LineError) -> UInt64 {
    let text = try string(node, what)
    guard text.hasPrefix("0x"), let value = UInt64(text.dropFirst(2), radix: 16) else {
      throw LineError(
        offset: node.offset, message: "expected a seed \"0x...\" for \(what), found \"\(text)\"")
    }
    return value
  }

  static func report(_ root: JSONNode) throws(LineError) -> CheckReport {
    let fields = try Fields(root, "the report")
    var options = CheckOptions(
      seed: try fields.seed("seed"), maxSize: try fields.count("maxSize"),
      exhaustiveTotal: try fields.count("exhaustiveTotal"),
      identityOnly: try fields.bool("identityOnly"))
    if let text = try fields.optionalString("shard") {
      guard let shard = Shard(parsing: text) else {
        throw LineError(
          offset: fields.members["shard"]?.offset ?? root.offset,
          message: "expected a shard \"I/N\" with 1 <= I <= N, found \"\(text)\"")
      }
      options.shard = shard
    }
    var report = CheckReport(generator: try fields.string("generator"), options: options)
    report.contract = try fields.choice("contract", Contract.self)
    report.ownContract =
      fields.optional("generatorContract") == nil
      ? report.contract : try fields.choice("generatorContract", Contract.self)
    report.sectioned = try fields.bool("sectioned")
    if fields.optional("exhaustiveContentTotal") != nil {
      report.exhaustiveContentTotal = try fields.count("exhaustiveContentTotal")
    }
    if fields.optional("smallAlphabetTotal") != nil {
      report.smallAlphabetTotal = try fields.count("smallAlphabetTotal")
      report.smallAlphabet = try fields.count("smallAlphabet")
    }
    report.uikit = try fields.choice("uikit", UIKitProfile.self)
    if let node = fields.optional("maxMoveRatio") {
      report.maxMoveRatio = try ratio(node, "\"maxMoveRatio\"")
    }
    if fields.optional("rejectsUnneededDeletes") != nil {
      report.rejectsUnneededDeletes = try fields.bool("rejectsUnneededDeletes")
    }
    let cases = try Fields(try fields.required("cases"), "\"cases\"")
    report.corpusCases = try cases.count("corpus")
    report.exhaustiveCases = try cases.count("exhaustive")
    report.randomCases = try cases.count("random")
    report.skippedCases = try cases.count("skipped")
    for item in try CaseDecoder.sharedArray(try fields.required("failures"), "\"failures\"") {
      report.failures.append(try failure(item))
    }
    let coverage = report.failures.filter { $0.coverage != nil }.count
    let failed = try cases.count("failed")
    guard failed >= coverage else {
      throw LineError(
        offset: cases.members["failed"]?.offset ?? root.offset,
        message: "\"failed\" is \(failed), fewer than the \(coverage) coverage failures listed")
    }
    report.failedCases = failed - coverage
    report.statistics = try statistics(try fields.required("statistics"))
    if let node = fields.optional("incomplete") {
      for item in try CaseDecoder.sharedArray(node, "\"incomplete\"") {
        let entry = try Fields(item, "an \"incomplete\" entry")
        report.incomplete.append(
          IncompletePhase(
            phase: try entry.choice("phase", CheckPhase.self),
            reason: try entry.choice("reason", IncompletePhase.Reason.self),
            generatorErrors: try entry.count("generatorErrors"),
            notRun: entry.optional("notRun") == nil ? nil : try entry.count("notRun")))
      }
    }
    if let node = fields.optional("edits") {
      let (size, cases) = try edits(node)
      report.edits = size
      report.editCases = cases
    }
    return report
  }

  /// A report's `edits` object: the totals and how many cases they add up.
  static func edits(_ node: JSONNode) throws(LineError) -> (EditSize, Int) {
    let edits = try Fields(node, "\"edits\"")
    var size = EditSize()
    for (name, field) in EditSize.firstCounts { size[keyPath: field] = try edits.count(name) }
    size.minimumMovesIsBound = try edits.bool("minimumMovesIsBound")
    // Added later: a report without them reads as 0 (its totals had none).
    for (name, field) in EditSize.addedCounts where edits.optional(name) != nil {
      size[keyPath: field] = try edits.count(name)
    }
    if edits.optional("fairMinimumMoves") == nil { size.fairMinimumMoves = size.minimumMoves }
    if edits.optional("minimumMovesWithoutReloads") == nil {
      size.minimumMovesWithoutReloads = size.minimumMoves
    }
    return (size, try edits.count("cases"))
  }

  /// A maximum move ratio: a number of at least 1.
  static func ratio(_ node: JSONNode, _ what: String) throws(LineError) -> Double {
    guard let value = number(node), value >= 1, value <= CheckOptions.largestMoveRatio else {
      throw LineError(
        offset: node.offset,
        message:
          "expected a ratio from 1 to \(decimalText(CheckOptions.largestMoveRatio)) for \(what),"
          + " found \(node.value.typeDescription)")
    }
    return value
  }

  /// A failure's `waste` object.
  static func waste(_ node: JSONNode) throws(LineError) -> WasteBreach {
    let fields = try Fields(node, "\"waste\"")
    return WasteBreach(
      limit: try fields.choice("limit", WasteBreach.Limit.self),
      maxMoveRatio: try fields.optional("maxMoveRatio").map { (node) throws(LineError) in
        try ratio(node, "\"maxMoveRatio\"")
      },
      moves: try fields.count("moves"), minimumMoves: try fields.count("minimumMoves"),
      minimumMovesIsBound: try fields.bool("minimumMovesIsBound"),
      deletes: try fields.count("deletes"),
      minimumDeletes: try fields.count("minimumDeletes"),
      changedRows: try fields.count("changedRows"),
      fairMinimumMoves: fields.optional("fairMinimumMoves") == nil
        ? nil : try fields.count("fairMinimumMoves"))
  }

  static func statistics(_ node: JSONNode) throws(LineError) -> CaseStatistics {
    let fields = try Fields(node, "\"statistics\"")
    return CaseStatistics(
      cases: try fields.count("cases"), withDuplicates: try fields.count("duplicates"),
      withMoves: try fields.count("moves"), withEmptySide: try fields.count("emptySide"),
      withContentChanges: try fields.count("contentChanges"),
      withSeveralSections: try fields.count("severalSections"),
      size0: try fields.count("size0"), size1to8: try fields.count("size1to8"),
      size9to32: try fields.count("size9to32"), size33plus: try fields.count("size33plus"))
  }

  static func failure(_ node: JSONNode) throws(LineError) -> CheckFailure {
    let fields = try Fields(node, "a failure")
    let kind = try fields.string("verdict")
    let message = try fields.string("message")
    let rule = fields.optional("rule") == nil ? nil : try fields.choice("rule", Rule.self)
    var verdict: Verdict?
    var error: GeneratorError?
    var coverage: CoverageStatistic?
    switch kind {
    case "coverage":
      coverage = try fields.choice("statistic", CoverageStatistic.self)
    case "waste":
      verdict = Verdict(kind: .valid)
    case "generatorError":
      let cause = try fields.choice("error", GeneratorError.Kind.self)
      let prefix = cause.rawValue + ": "
      error = GeneratorError(
        kind: cause,
        message: message.hasPrefix(prefix) ? String(message.dropFirst(prefix.count)) : message)
    default:
      let verdictKind = try fields.choice("verdict", VerdictKind.self)
      verdict = Verdict(kind: verdictKind, rule: rule, message: message)
    }
    let isCase = coverage == nil
    var changes: ContractChanges?
    if let stages = fields.optional("stages") {
      changes = .staged(try CaseDecoder.stages(stages, "an array of stages for \"stages\""))
    } else if let steps = fields.optional("steps") {
      changes = .steps(try CaseDecoder.steps(steps, "an array of steps for \"steps\""))
    }
    let update = try fields.optional("update").map { (node) throws(LineError) in
      try CaseDecoder.sharedUpdate(node)
    }
    let shrink = try Fields(try fields.required("shrink"), "\"shrink\"")
    var trace: [String] = []
    for item in try CaseDecoder.sharedArray(try fields.required("trace"), "\"trace\"") {
      trace.append(try string(item, "a trace line"))
    }
    var failure = CheckFailure(
      phase: try fields.choice("phase", CheckPhase.self),
      index: try fields.optional("index").map { (node) throws(LineError) in
        try integer(node, "\"index\"")
      },
      caseSeed: try fields.optional("caseSeed").map { (node) throws(LineError) in
        try seed(node, "\"caseSeed\"")
      },
      verdict: verdict, error: error, coverage: coverage,
      old: isCase ? try CaseDecoder.sharedSections(try fields.required("old"), key: "old") : [],
      new: isCase ? try CaseDecoder.sharedSections(try fields.required("new"), key: "new") : [],
      update: update, changes: changes,
      validUnder: fields.optional("validUnder") == nil
        ? nil : try fields.choice("validUnder", Contract.self),
      advice: try fields.optionalString("advice"),
      originalSize: try fields.count("originalSize"),
      shrinkCalls: try shrink.count("calls"),
      shrinkImprovements: try shrink.count("improvements"),
      occurrences: try fields.count("occurrences"), trace: trace,
      replayCommand: try fields.optionalString("replay"),
      corpusLine: try fields.optionalString("corpus"), message: message)
    try readDetails(fields, kind: kind, node: node, into: &failure)
    return failure
  }

  /// The fields of a failure past its case: the case line, the rows on
  /// screen, the variant, the verdict's place, the failing stage or step,
  /// the waste breach and the minimality search.
  static func readDetails(
    _ fields: Fields, kind: String, node: JSONNode, into failure: inout CheckFailure
  ) throws(LineError) {
    failure.caseLine = try fields.optionalString("case")
    if let node = fields.optional("visibleRows") {
      failure.visibleRows = try CaseDecoder.sharedVisibleRows(node)
    }
    if let text = try fields.optionalString("variant"), kind != "waste" {
      guard let variant = FailureVariant(text) else {
        throw LineError(
          offset: fields.optional("variant")?.offset ?? node.offset,
          message: "\"variant\": \(text) is not a variant BatchCheck writes")
      }
      failure.verdictVariant = variant
    }
    if let node = fields.optional("recipe") {
      failure.setReplay(
        try recipe(node, old: failure.old, new: failure.new), text: failure.replayCommand)
    }
    if let node = fields.optional("mismatch") {
      let cell = try Fields(node, "\"mismatch\"")
      let mismatch = RowMismatch(
        path: try CaseDecoder.sharedRowPath(try cell.required("path")),
        expected: try CaseDecoder.sharedRow(try cell.required("expected")),
        shown: try CaseDecoder.sharedRow(try cell.required("shown")),
        reordered: try cell.bool("reordered"))
      if let verdict = failure.verdict {
        // The offending cell read back: the verdict as the simulator gave it.
        failure.verdict = Verdict(
          kind: verdict.kind, rule: verdict.rule, message: verdict.message, mismatch: mismatch)
      }
    }
    if let node = fields.optional("place") {
      failure.verdict?.place = try place(node)
    }
    if let node = fields.optional("stage") {
      failure.position = .stage(try integer(node, "\"stage\""))
    } else if let node = fields.optional("step") {
      failure.position = .step(try integer(node, "\"step\""))
    }
    if kind == "waste" { failure.waste = try waste(try fields.required("waste")) }
    if let node = fields.optional("minimality") {
      let search = try Fields(node, "\"minimality\"")
      failure.minimality = MinimalitySearch(
        rows: try search.integer("rows"), contentRows: try search.integer("contentRows"),
        identityOnly: try search.bool("identityOnly"), calls: try search.count("calls"))
    }
  }

  /// A verdict's place: `{"side":"old","section":0,"row":2}`, `row` absent
  /// for a section.
  static func place(_ node: JSONNode) throws(LineError) -> VerdictPlace {
    let fields = try Fields(node, "\"place\"")
    return VerdictPlace(
      try fields.choice("side", UpdateSide.self), section: try fields.integer("section"),
      row: try fields.optional("row").map { (node) throws(LineError) in
        try integer(node, "\"row\"")
      })
  }

  /// A failure's replay recipe, whose pair is the failure's own.
  static func recipe(_ node: JSONNode, old: [[Row]], new: [[Row]]) throws(LineError)
    -> ReplayRecipe
  {
    let fields = try Fields(node, "\"recipe\"")
    var external: ReplayRecipe.ExternalCommand?
    if let node = fields.optional("external") {
      let command = try Fields(node, "\"external\"")
      external = ReplayRecipe.ExternalCommand(
        command: try command.string("command"),
        contract: command.optional("contract") == nil
          ? nil : try command.choice("contract", Contract.self),
        timeout: try command.optional("timeout").map { (node) throws(LineError) in
          try seconds(node)
        },
        name: try command.optionalString("name"), sections: try command.bool("sections"))
    }
    var simulation = SimulationOptions(
      semantics: try fields.choice("semantics", ViewSemantics.self),
      duplicates: try fields.choice("duplicates", DuplicatesPolicy.self),
      identityOnly: try fields.bool("identityOnly"),
      uikit: try fields.choice("uikit", UIKitProfile.self))
    if let node = fields.optional("visibleRows") {
      simulation.visibleRows = try CaseDecoder.sharedVisibleRows(node)
    }
    return ReplayRecipe(
      generator: try fields.string("generator"), external: external,
      caseSeed: try fields.optional("caseSeed").map { (node) throws(LineError) in
        try seed(node, "\"caseSeed\"")
      },
      old: old, new: new,
      judgedAs: fields.optional("judgedAs") == nil
        ? nil : try fields.choice("judgedAs", Contract.self),
      maxSize: try fields.count("maxSize"), identityOnly: try fields.bool("identityOnly"),
      simulation: simulation,
      maxMoveRatio: try fields.optional("maxMoveRatio").map { (node) throws(LineError) in
        try ratio(node, "\"maxMoveRatio\"")
      },
      rejectsUnneededDeletes: try fields.bool("rejectsUnneededDeletes"))
  }

  /// A time limit in seconds: a number above 0.
  static func seconds(_ node: JSONNode) throws(LineError) -> Double {
    guard let value = number(node), value > 0, value.isFinite else {
      throw LineError(
        offset: node.offset,
        message:
          "expected a number of seconds above 0 for \"timeout\", found \(node.value.typeDescription)"
      )
    }
    return value
  }

  /// The node's number as a `Double`; nil when it is not a number.
  static func number(_ node: JSONNode) -> Double? {
    switch node.value {
    case .number(.integer(let number)): Double(number)
    case .number(.nonInteger(let text)), .number(.tooLarge(let text)): Double(text)
    default: nil
    }
  }
}
