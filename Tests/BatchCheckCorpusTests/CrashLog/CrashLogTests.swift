import BatchCheck
import BatchCheckCorpus
import Foundation
import Testing

/// Reading crash logs: every UIKit text BatchCheck knows, in console and
/// crash-reporter shapes with noise around it, gives back its rule, view,
/// iOS range and a case that reproduces it; BatchCheck's own exception
/// texts come back as the rule that made them.
@Suite("Crash logs")
struct CrashLogTests {
  /// Arguments for each form that a smallest case reproduces (padded to 8).
  static func arguments(_ form: UIKitTextForm) -> [Int] {
    let values: [Int]
    switch form {
    case .sectionCount: values = [2, 2, 0, 1]
    case .rowCount: values = [0, 20, 20, 0, 1, 0, 0]
    case .rowCountBeforeMoves: values = [0, 20, 20, 0, 1]
    case .negativeRowCount: values = [0]
    case .deleteRowBeyondCount: values = [99, 0, 20]
    case .deleteRowBeyondSections: values = [0, 3, 1]
    case .deleteSectionBeyondSections: values = [0, 0]
    case .insertRowBeyondCount: values = [100, 0, 21]
    case .insertRowBeyondSections: values = [0, 2, 1]
    case .insertSectionBeyondSections: values = [2, 2]
    case .deleteAndReload, .deleteAndMoveRow: values = [0, 1]
    case .deleteAndMoveSection: values = [1]
    case .insertAndMoveSection: values = [0]
    case .insertAndMoveRow: values = [0, 0]
    case .moveFromMissingSection: values = [2, 0, 1]
    case .moveFromMissingRow: values = [2, 0, 0]
    case .moveToMissingSection: values = [0, 0, 3, 0, 1]
    case .moveToMissingRow: values = [0, 0, 0, 5, 3]
    case .moveSectionFromMissing: values = [3, 2]
    case .moveSectionToMissing: values = [0, 4, 2]
    case .moveSectionToBoth, .moveBothSections: values = [0, 1, 2]
    case .moveRowToBoth, .moveBothRows: values = [0, 0, 0, 1, 0, 2]
    case .moveFromDeletedSection, .moveIntoInsertedSection: values = [0]
    case .invalidIndexPath: values = [0, -1]
    case .indexPathLength: values = []
    }
    return values + Array(repeating: 0, count: 8 - values.count)
  }

  /// `message` as Xcode's console shows an uncaught exception.
  static func console(_ message: String, view: ViewSemantics) -> String {
    let method =
      view == .tableView
      ? "-[UITableView _endCellAnimationsWithContext:], UITableView.m:2097"
      : "-[UICollectionView _endItemAnimationsWithInvalidationContext:tentativelyForReordering:animator:], UICollectionView.m:7588"
    return """
      2024-03-02 09:14:55.201 Shop[4412:88121] [Networking] request finished in 212 ms
      2024-03-02 09:14:55.318 Shop[4412:88121] *** Assertion failure in \(method)
      2024-03-02 09:14:55.322 Shop[4412:88121] *** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: '\(message)'
      *** First throw call stack:
      (0x18a3c 0x1833b 0x1901f 0x1c2a0)
      libc++abi: terminating due to uncaught exception of type NSException
      """
  }

  /// `message` as a crash reporter's page shows it: wrapped at 60 columns and indented.
  static func crashReporter(_ message: String, view: ViewSemantics) -> String {
    var wrapped: [String] = []
    var line = ""
    for word in message.split(separator: " ", omittingEmptySubsequences: false) {
      if line.count + word.count > 60, !line.isEmpty {
        wrapped.append("    " + line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    wrapped.append("    " + line)
    return """
      Incident Identifier: 3F2A9C1E-0B7D-4C55-9E61-2D8B7A4E11F0
      Hardware Model:      iPhone15,2
      OS Version:          iPhone OS 17.4.1 (21E236)
      Exception Type:  EXC_CRASH (SIGABRT)
      Exception Reason: NSInternalInconsistencyException
      Application Specific Information:
      \(wrapped.joined(separator: "\n"))

      Last Exception Backtrace:
      0   CoreFoundation   0x1a2b3c4d0 __exceptionPreprocess + 164
      1   UIKitCore        0x1a5e6f700 -[\(view == .tableView ? "UITableView" : "UICollectionView") _endUpdates] + 88
      """
  }

  @Test(
    "every form of every rule, in both views and both shapes: rule, view, iOS range and a reproducing case"
  )
  func everyForm() {
    for form in UIKitTextForm.allCases {
      for view in ViewSemantics.allCases {
        let message = form.text(UIKitMessages(view, uikit: .ios18), arguments: Self.arguments(form))
        for log in [Self.console(message, view: view), Self.crashReporter(message, view: view)] {
          let found = CrashLog(log).diagnoses
          #expect(found.count == 1, "\(form) \(view): \(found.map(\.ruleID))")
          guard let diagnosis = found.first else { continue }
          #expect(diagnosis.ruleID == form.rule.rawValue, "\(form) \(view)")
          // R23's text names UITableView itself.
          #expect(
            diagnosis.semantics == (form == .indexPathLength ? .tableView : view), "\(form) \(view)"
          )
          #expect(!diagnosis.partial, "\(form)")
          let range =
            form.rule == .r17
            ? "iOS 7"
            : form.rule == .r22
              ? "every version, recent SDKs"
              : form == .rowCountBeforeMoves ? "early iOS releases" : "every version"
          #expect(diagnosis.iosRange == range, "\(form)")
          if form == .negativeRowCount || form == .indexPathLength {
            #expect(diagnosis.testCase == nil, "\(form)")
          } else {
            #expect(
              diagnosis.reproduced, "\(form) \(view): \(String(describing: diagnosis.verdict))")
            // The line read back is the same case.
            if let line = diagnosis.testCase?.jsonLine {
              #expect((try? Case(jsonLine: line)) == diagnosis.testCase, "\(form)")
            }
          }
        }
      }
    }
  }

  @Test(
    "the classic row-count text: overflowing counts date it before iOS 16.4, falling short every version"
  )
  func countRanges() {
    let messages = UIKitMessages(.tableView, uikit: .ios12)
    let over = messages.invalidRowCount(
      section: 0, after: 29, before: 30, inserted: 1, deleted: 1, movedIn: 0, movedOut: 0)
    let overflow = CrashLog(over).diagnoses.first
    #expect(overflow?.iosRange == "before iOS 16.4")
    #expect(
      overflow?.numbers
        == "section 0: the data source returned 29 rows; the update leaves 30 = 30 − 1 + 1")
    #expect(overflow?.causes.first?.cause == "The data source changed without the updates")
    #expect(overflow?.testCase?.uikit == .ios12 && overflow?.reproduced == true)
    let short = messages.invalidRowCount(
      section: 0, after: 20, before: 20, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)
    let fallsShort = CrashLog(short).diagnoses.first
    #expect(fallsShort?.iosRange == "every version")
    #expect(fallsShort?.causes.first?.cause == "The data source was not changed in time")
    // Two spaces after the first sentence: iOS 12 or earlier.
    let old = short.replacingOccurrences(of: "section 0. The", with: "section 0.  The")
    #expect(CrashLog(old).diagnoses.first?.iosRange == "iOS 12 or earlier")
    // Moves in and out, and a diff bug's numbers.
    let moved = messages.invalidRowCount(
      section: 1, after: 4, before: 3, inserted: 3, deleted: 0, movedIn: 1, movedOut: 1)
    let diff = CrashLog(moved).diagnoses.first
    #expect(diff?.causes.first?.cause == "A diff bug: the update itself is wrong")
    #expect(diff?.reproduced == true)
  }

  @Test(
    "the older-SDK fallback: a collection view's count text ending in '- will perform reloadData' is not a crash"
  )
  func reloadDataFallback() {
    let text = UIKitMessages(.collectionView, uikit: .ios12).invalidRowCount(
      section: 0, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)
    let log =
      "2020-06-01 12:00:00.000 Cards[1:2] [UICollectionView] \(text) - will perform reloadData. UICollectionView instance: <UICollectionView: 0x7f>"
    let diagnosis = CrashLog(log).diagnoses.first
    #expect(diagnosis?.reloadDataFallback == true)
    #expect(diagnosis?.causes.first?.cause == "Not a crash: the older-SDK fallback")
    #expect(diagnosis?.semantics == .collectionView)
  }

  @Test("R2b in its two wordings: iOS 16.4-17.0 and iOS 17.1 on; the counts and updates rebuilt")
  func r2bWordings() {
    for view in ViewSemantics.allCases {
      let messages = UIKitMessages(view, uikit: .ios18)
      let noun = view == .tableView ? "row" : "item"
      let late = messages.invalidBatchUpdates(
        before: [20], beforeSections: 1, after: [15], afterSections: 1,
        updates: [messages.updateItem("Delete", RowPath(0, 0))])
      #expect(late.contains("before and after performing"))
      #expect(late.contains("Delete \(noun) (0 - 0)"))
      let early = late.replacingOccurrences(of: "before and after", with: "before and/or after")
      for (text, range) in [(late, "iOS 17.1 and later"), (early, "iOS 16.4–17.0")] {
        let found = CrashLog(
          Self.console(text.replacingOccurrences(of: "<U", with: "<U"), view: view)
        ).diagnoses
        #expect(found.count == 1)
        #expect(found.first?.ruleID == "R2b")
        #expect(found.first?.semantics == view)
        #expect(found.first?.iosRange == range)
        #expect(found.first?.reproduced == true, "\(String(describing: found.first?.verdict))")
        #expect(
          found.first?.numbers
            == "section 0: the data source returned 15 \(noun)s; the update leaves 19 = 20 − 1")
      }
    }
  }

  @Test("a crash report saved as JSON, its line breaks escaped, is read as the text it holds")
  func escapedLineBreaks() {
    let messages = UIKitMessages(.tableView, uikit: .ios18)
    let r2b = messages.invalidBatchUpdates(
      before: [20], beforeSections: 1, after: [3], afterSections: 1,
      updates: [
        messages.updateItem("Delete", RowPath(0, 0)), messages.updateItem("Insert", RowPath(0, 0)),
      ])
    let escaped = r2b.replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(
      of: "\t", with: "\\t")
    let found = CrashLog(
      #"{"exception":{"type":"EXC_CRASH"},"asi":{"UIKitCore":[""# + escaped + #""]}}"#
    ).diagnoses
    #expect(found.map(\.ruleID) == ["R2b"])
    #expect(found.first?.reproduced == true)
  }

  @Test(
    "the texts that reach users: R2b's iOS 17.1 wording under ios18, and \"cannot move an item\" in R17 for collection views"
  )
  func userTexts() throws {
    let r2b = try Case(
      jsonLine: #"{"old":[["a","b","c"]],"new":[["a"]],"update":{"deleteRows":[[0,1]]}}"#
    ).judge().verdict
    #expect(r2b.rule == .r2b)
    #expect(
      r2b.message?.hasPrefix(
        "Invalid batch updates detected: the number of sections and/or rows returned by the data source before and after performing the batch updates are inconsistent with the updates.\n"
      ) == true)
    let into = try Case(
      jsonLine:
        #"{"semantics":"collectionView","old":[["a","b"]],"new":[["b"],["a"]],"update":{"insertSections":[1],"moveRows":[[[0,0],[1,0]]]}}"#
    ).judge().verdict
    #expect(into.rule == .r17)
    #expect(
      into.message?.contains("\"cannot move an item into a newly inserted section (1)\"") == true)
    #expect(into.message?.contains("a item") == false)
    let table = try Case(
      jsonLine:
        #"{"old":[["a","b"]],"new":[["b"],["a"]],"update":{"insertSections":[1],"moveRows":[[[0,0],[1,0]]]}}"#
    ).judge().verdict
    #expect(
      table.message?.contains("\"cannot move a row into a newly inserted section (1)\"") == true)
  }

  @Test(
    "partial quotes: a text whose start was cut off is still named, and rebuilt when its numbers survive"
  )
  func partialQuotes() {
    let messages = UIKitMessages(.tableView, uikit: .ios18)
    let r2 = messages.invalidRowCount(
      section: 0, after: 20, before: 20, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)
    let cut = "…" + r2.dropFirst(40)
    let r2Found = CrashLog("reason: '" + cut + "'").diagnoses
    #expect(r2Found.map(\.ruleID) == ["R2"])
    #expect(r2Found.first?.partial == true)
    #expect(r2Found.first?.reproduced == true)
    let r6 = messages.insertRowBeyondCount(row: 100, section: 0, count: 21)
    let r6Found = CrashLog("..." + r6.dropFirst(12)).diagnoses
    #expect(r6Found.map(\.ruleID) == ["R6"])
    // Cut inside the words before an index path: the path is still read.
    let r13 =
      "...ath (<NSIndexPath: 0xc000000000000216> {length = 2, path = 2 - 0}) that does not exist - there are only 0 rows in section 2 before the update"
    let r13Found = CrashLog(r13).diagnoses
    #expect(r13Found.map(\.ruleID) == ["R13"])
    #expect(r13Found.first?.partial == true)
    #expect(r13Found.first?.reproduced == true)
    let r2b = messages.invalidBatchUpdates(
      before: [20], beforeSections: 1, after: [15], afterSections: 1,
      updates: [messages.updateItem("Delete", RowPath(0, 0))])
    let r2bFound = CrashLog(String(r2b.dropFirst(30))).diagnoses
    #expect(r2bFound.map(\.ruleID) == ["R2b"])
    #expect(r2bFound.first?.partial == true)
    #expect(r2bFound.first?.iosRange == "iOS 17.1 and later")
    #expect(r2bFound.first?.reproduced == true)
  }

  @Test("two crashes in one log are two; a log without one has none and names its Swift trap")
  func severalAndNone() {
    let table = UIKitMessages(.tableView, uikit: .ios18)
    let collection = UIKitMessages(.collectionView, uikit: .ios18)
    let log =
      Self.console(table.deleteRowBeyondCount(row: 99, section: 0, count: 20), view: .tableView)
      + "\n"
      + Self.crashReporter(
        collection.insertRowBeyondCount(row: 6, section: 0, count: 6), view: .collectionView)
    let found = CrashLog(log).diagnoses
    #expect(found.map(\.ruleID) == ["R3", "R6"])
    #expect(found.map(\.semantics) == [.tableView, .collectionView])
    let none = CrashLog("2024-01-01 App[1:2] launched\nThread 1: Fatal error: Index out of range\n")
    #expect(none.diagnoses.isEmpty)
    #expect(none.otherFailures == ["Fatal error: Index out of range"])
  }

  @Test(
    "the failure after validation (R28): the global-index text is named, and its reported shape rebuilt under ios12"
  )
  func afterValidation() {
    let found = CrashLog(
      "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'request for index path for global index 1 when there are only 1 items in the collection view'"
    ).diagnoses
    #expect(found.map(\.ruleID) == ["R28"])
    #expect(found.first?.semantics == .collectionView)
    #expect(found.first?.testCase?.uikit == .ios12)
    #expect(found.first?.reproduced == true)
    // Animation failures the update cannot predict get no case.
    let animation = CrashLog("reason: 'Attempt to create two animations for cell'").diagnoses
    #expect(animation.map(\.ruleID) == ["R28"] && animation.first?.testCase == nil)
  }

  @Test(
    "property: BatchCheck's own exception texts, read back, give the rule that made them and a case with its verdict"
  )
  func ownTextsReadBack() {
    var numbers = SeededNumbers(state: 0x9E37_79B9_7F4A_7C15)
    func next(_ bound: Int) -> Int { numbers.next(bound) }
    func index() -> Int { next(12) == 0 ? -1 : next(5) }
    func path() -> RowPath { RowPath(index() < 0 ? -1 : next(3), index()) }
    var seen: [Rule: Int] = [:]
    var rebuilt = 0
    for round in 0..<4_000 {
      var id = 0
      func sections() -> [[Row]] {
        (0..<(1 + next(3))).map { _ in
          (0..<next(5)).map { _ in
            id += 1
            return Row(.int(id))
          }
        }
      }
      var update = BatchUpdate()
      for _ in 0..<(1 + next(4)) {
        switch next(8) {
        case 0: update.deleteSections.append(index())
        case 1: update.insertSections.append(index())
        case 2: update.deleteRows.append(path())
        case 3: update.insertRows.append(path())
        case 4: update.reloadRows.append(path())
        case 5: update.moveRows.append(RowMove(from: path(), to: path()))
        case 6: update.moveSections.append(SectionMove(from: index(), to: index()))
        default: update.reloadSections.append(index())
        }
      }
      var testCase = Case(
        semantics: next(2) == 0 ? .tableView : .collectionView, old: sections(), new: sections(),
        update: update)
      testCase.uikit = next(2) == 0 ? .ios18 : .ios12
      let verdict = testCase.judge().verdict
      guard verdict.kind == .exception, let rule = verdict.rule, let message = verdict.message
      else { continue }
      seen[rule, default: 0] += 1
      let found = CrashLog(message).diagnoses
      #expect(found.map(\.ruleID) == [rule.rawValue], "round \(round): \(message)")
      guard let diagnosis = found.first, diagnosis.testCase != nil else { continue }
      rebuilt += 1
      #expect(
        diagnosis.verdict?.kind == .exception && diagnosis.reproduced,
        "round \(round): \(message) -> \(String(describing: diagnosis.verdict))")
    }
    #expect(seen.count >= 12, "\(seen)")
    #expect(rebuilt > 500)
  }
}
