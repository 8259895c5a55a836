import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

/// Every text BatchCheck can print (each UIKit form under both profiles and
/// both views, R2b, the diffable texts), damaged the way crash logs reach
/// users: diagnose still names the rule and the view, reads no wrong
/// number, and rebuilds a case that reproduces the rule whenever the
/// numbers that matter survive.
@Suite("Crash logs as they arrive")
struct FieldDamageTests {
  /// One printed text and what a reader must find in it.
  struct Printed {
    var text: String
    var rule: String
    /// The view its wording names; nil when both views print it alike, or for a diffable text.
    var view: ViewSemantics?
    /// The word that tells the view ("row", "item"), when the wording tells it.
    var viewWord: String?
    /// The numbers by argument index; nil for the texts that are not a `UIKitTextForm`.
    var values: [Int: Int]?
    /// The ids a diffable text names.
    var ids: [String] = []
    /// Whether no case can hold the text (a negative count, a path of one index).
    var caseless = false
  }

  /// Every text BatchCheck prints, with the arguments `CrashLogTests` uses.
  static var printed: [Printed] {
    var texts: [Printed] = []
    let templates = UIKitTextTemplate.all
    for form in UIKitTextForm.allCases {
      let arguments = CrashLogTests.arguments(form)
      for view in ViewSemantics.allCases {
        let worded = templates.contains { $0.form == form && $0.semantics == view }
        for profile in [UIKitProfile.ios12, .ios18] {
          let text = form.text(UIKitMessages(view, uikit: profile), arguments: arguments)
          var values: [Int: Int] = [:]
          for hole in templates.first(where: { $0.form == form })?.holes ?? [] {
            switch hole {
            case .number(let index): values[index] = arguments[index]
            case .path(let index):
              values[index] = arguments[index]
              values[index + 1] = arguments[index + 1]
            }
          }
          let caseless = form == .negativeRowCount || form == .indexPathLength
          texts.append(
            Printed(
              text: text, rule: form.rule.rawValue, view: worded ? view : nil,
              viewWord: worded ? (view == .tableView ? "row" : "item") : nil,
              values: form == .invalidIndexPath ? nil : values, caseless: caseless))
        }
      }
    }
    for view in ViewSemantics.allCases {
      let messages = UIKitMessages(view, uikit: .ios18)
      texts.append(
        Printed(
          text: messages.invalidBatchUpdates(
            before: [20], beforeSections: 1, after: [15], afterSections: 1,
            updates: [messages.updateItem("Delete", RowPath(0, 0))]),
          rule: "R2b", view: view, viewWord: view == .tableView ? "rows" : "items", values: nil))
    }
    return texts + diffable
  }

  /// The diffable texts, one per form, with the ids they name.
  static var diffable: [Printed] {
    func text(_ rule: String, _ text: String, _ ids: [String]) -> Printed {
      Printed(text: text, rule: rule, view: nil, viewWord: nil, values: nil, ids: ids)
    }
    var texts: [Printed] = []
    for section in [false, true] {
      texts += [
        text(
          "S1", SnapshotMessages.notUnique(section: section, duplicates: ["a", "b"]), ["a", "b"]),
        text("S7", SnapshotMessages.moveEndMissing(section: section, source: true), []),
        text("S7", SnapshotMessages.moveEndMissing(section: section, source: false), []),
        text("S8", SnapshotMessages.moveOntoItself(section: section, id: "a"), ["a"]),
        text(
          "S9",
          SnapshotMessages.anchorInList(section: section, anchor: "y", identifiers: ["x", "y"]),
          ["y"]),
        text(
          "S10", SnapshotMessages.unknownRefresh(verb: "reload", section: section, id: "z"), ["z"]),
        text(
          "S10", SnapshotMessages.unknownRefresh(verb: "reconfigure", section: section, id: "z"),
          ["z"]),
        text("S12", SnapshotMessages.equalButDifferentHashes(section: section, "a", "a"), ["a"]),
      ]
    }
    texts += [
      text("S2", SnapshotMessages.sectionsExist(["S"]), ["S"]),
      text("S3", SnapshotMessages.itemsExist(["a"]), ["a"]),
      text("S3", SnapshotMessages.itemsExist(["a", "b"]), ["a", "b"]),
      text("S2", SnapshotMessages.sectionsExist(["S", "T"]), ["S", "T"]),
      text("S4", SnapshotMessages.noSections, []),
      text("S5", SnapshotMessages.missingItemDestination, []),
      text("S6", SnapshotMessages.missingSectionDestination, []),
      text("S11", SnapshotMessages.sectionNotFound, []),
      text("SS1", SectionSnapshotMessages.notUnique(["c"]), ["c"]),
      text("SS3", SectionSnapshotMessages.missingParent("p"), ["p"]),
      text("SS4", SectionSnapshotMessages.indexNotFound("z"), ["z"]),
    ]
    return texts
  }

  /// One way the field changes a text.
  enum Damage: CaseIterable {
    case noPeriod, threadQuote, reasonQuote, crashReporter, jsonEscaped, lowerCaseStart, crlf
  }

  static func damaged(_ printed: Printed, _ damage: Damage) -> String {
    let text = printed.text
    switch damage {
    case .noPeriod: return text.hasSuffix(".") ? String(text.dropLast()) : text
    case .threadQuote: return "Thread 1: \"\(text)\""
    case .reasonQuote:
      return
        "2024-05-01 10:00:00.000 App[1:2] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(text)'\n*** First throw call stack:\n(0x1 0x2)"
    case .crashReporter:
      return CrashLogTests.crashReporter(text, view: printed.view ?? .tableView)
    case .jsonEscaped: return #"{"reason":"# + JSONText.quoted(text) + "}"
    case .lowerCaseStart: return text.prefix(1).lowercased() + text.dropFirst()
    case .crlf: return text.replacingOccurrences(of: "\n", with: "\r\n")
    }
  }

  /// The texts left when the start is cut at each sentence boundary, the
  /// view's ending aside.
  static func startCuts(_ text: String) -> [String] {
    var cuts: [String] = []
    var index = text.startIndex
    while let dot = text[index...].firstIndex(of: ".") {
      let after = text.index(after: dot)
      index = after
      guard after < text.endIndex, text[after].isWhitespace else { continue }
      let rest = text[after...].drop { $0.isWhitespace }
      if rest.isEmpty || rest.hasPrefix("Table view") || rest.hasPrefix("Collection view") {
        continue
      }
      cuts.append(String(rest))
    }
    return cuts
  }

  /// Checks one damaged text's reading; `whole` when every number survives.
  static func check(_ log: String, _ printed: Printed, whole: Bool, label: String) {
    let found = CrashLog(log).diagnoses
    // A text cut before the words that tell two rules apart names both.
    #expect(
      found.count == 1
        && (found[0].ruleID == printed.rule || found[0].alternativeRules.contains(printed.rule)),
      "\(label): \(found.map(\.ruleID)) \(log)")
    guard let diagnosis = found.first, diagnosis.ruleID == printed.rule else { return }
    if let view = printed.view, let word = printed.viewWord, log.lowercased().contains(word) {
      #expect(diagnosis.semantics == view, "\(label): \(log)")
    }
    if let values = printed.values {
      // No number is read wrong; all are read when all survive.
      for (index, value) in diagnosis.values {
        #expect(values[index] == value, "\(label): argument \(index) read \(value): \(log)")
      }
      if whole { #expect(diagnosis.values == values, "\(label): \(log)") }
      // The numbers that matter: all but a count text's section and moves, which a case can do without.
      let optional: Set<Int> = printed.rule == "R2" ? [0, 5, 6] : []
      if !printed.caseless,
        Set(values.keys).subtracting(optional).isSubset(of: diagnosis.values.keys)
      {
        #expect(diagnosis.caseLine != nil && diagnosis.reproduced, "\(label): \(log)")
      }
    }
    if whole, !printed.ids.isEmpty {
      #expect(printed.ids.allSatisfy(diagnosis.identifiers.contains), "\(label): \(log)")
    }
    if diagnosis.caseLine != nil {
      #expect(diagnosis.reproduced, "\(label): \(String(describing: diagnosis.verdictText)) \(log)")
    }
    if whole, !printed.caseless {
      #expect(diagnosis.caseLine != nil, "\(label): \(log)")
    }
  }

  @Test("each damage alone: the rule, the view, every number and a reproducing case")
  func eachDamage() {
    for printed in Self.printed {
      for damage in Damage.allCases {
        Self.check(
          Self.damaged(printed, damage), printed, whole: true, label: "\(printed.rule) \(damage)")
      }
      // Several at once: lower-cased, no period, CRLF, escaped into a JSON report's quote.
      var combined = printed
      for damage in [Damage.lowerCaseStart, .noPeriod, .crlf, .jsonEscaped] {
        combined.text = Self.damaged(combined, damage)
      }
      Self.check(combined.text, printed, whole: true, label: "\(printed.rule) combined")
    }
  }

  @Test("the start cut at each sentence boundary: the rule and the numbers left, no wrong one")
  func startCut() {
    for printed in Self.printed {
      for cut in Self.startCuts(printed.text) {
        Self.check("reason: '" + cut + "'", printed, whole: false, label: "\(printed.rule) start")
      }
    }
  }

  @Test(
    "the end cut at random after the first number: the rule, no wrong number, a case when the counts survive"
  )
  func endCut() {
    var numbers = SeededNumbers(state: 0x2545_F491_4F6C_DD1D)
    func next(_ bound: Int) -> Int { numbers.next(bound) }
    for printed in Self.printed {
      let characters = Array(printed.text)
      guard let first = characters.firstIndex(where: \.isNumber) else { continue }
      var after = first
      while after < characters.count, characters[after].isNumber { after += 1 }
      guard after < characters.count else { continue }
      for _ in 0..<10 {
        let cut = after + next(characters.count - after)
        let log = "Thread 1: \"" + String(characters[..<cut]) + "\""
        Self.check(log, printed, whole: false, label: "\(printed.rule) end \(cut)")
        let found = CrashLog(log).diagnoses.first
        // A count text whose four counts survive is rebuilt and reproduced.
        if printed.rule == "R2", let values = found?.values,
          (1...4).allSatisfy({ values[$0] != nil })
        {
          #expect(found?.reproduced == true, "\(log)")
        }
      }
    }
  }

  @Test(
    "fragments of every text spliced with noise: never a trap, every diagnosis on a line of the log"
  )
  func fragments() {
    var numbers = SeededNumbers(state: 0xF00D_CAFE)
    let texts = Self.printed.map(\.text)
    let noise = [
      "\\", "\"", "'", "(", ")", "{(", ")}", "<", ">", "0x", "\n", "\r\n", " ", "-",
      "99999999999999999999", "é", ",",
    ]
    for _ in 0..<1_500 {
      var log = ""
      for _ in 0..<(1 + numbers.next(4)) {
        let text = Array(texts[numbers.next(texts.count)].utf8)
        let from = numbers.next(text.count)
        let to = from + numbers.next(text.count - from + 1)
        log += String(decoding: text[from..<to], as: UTF8.self)
        log += noise[numbers.next(noise.count)]
      }
      // Line feeds counted as bytes: "\r\n" is one Character.
      let lines = log.utf8.filter { $0 == 0x0A }.count + 1
      for diagnosis in CrashLog(log).diagnoses {
        #expect(diagnosis.line >= 1 && diagnosis.line <= lines, "\(log)")
      }
    }
  }
}
