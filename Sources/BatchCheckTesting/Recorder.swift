import BatchCheck
import Foundation
import Testing
import XCTest

/// Where the helpers' failures go: issues and attachments of the current
/// Swift Testing test, or XCTest failures and attachments, unless a test of
/// this package captures them (`capturingRecords`) to check them without a
/// failure in its log.
enum Recorder {
  @TaskLocal static var capture: CapturedRecords? = nil

  /// The environment variable naming a folder into which the XCTest helpers
  /// write their attachments (corelibs XCTest, on Linux and Windows, has no
  /// attachments; on Apple platforms they are written there too when it is
  /// set).
  static let attachmentsFolderVariable = "BATCHCHECK_ATTACHMENTS_DIR"

  /// Prints `summary` (`announce(_:)`), then records `record`, if any, in
  /// Swift Testing: one issue per kind, each at `sourceLocation`, and the
  /// attachments.
  static func recordInSwiftTesting(
    _ record: FailureRecord?, summary: String, sourceLocation: SourceLocation
  ) {
    announce(summary)
    guard let record else { return }
    if let capture {
      capture.add(record)
      return
    }
    for issue in record.titledIssues {
      // An error's description is the title of its issue; a comment alone
      // would be titled "Issue recorded".
      Issue.record(
        HelperIssue(description: issue.title), issue.details.map(Comment.init(rawValue:)),
        sourceLocation: sourceLocation)
    }
    #if compiler(>=6.2)
      // Swift Testing's attachments are public from Swift 6.2 on.
      for attachment in record.attachments {
        Attachment.record(
          attachment.contents, named: attachment.name, sourceLocation: sourceLocation)
      }
    #endif
  }

  /// Prints `line`, the helper's one-line summary of what it checked
  /// (`HelperSummary`), on standard output, where `swift test` and Xcode's
  /// console show it, pass or fail: a test whose helper never ran shows
  /// none.
  static func announce(_ line: String) {
    if let capture {
      capture.add(summary: line)
      return
    }
    print(line)
  }

  /// Prints `summary` (`announce(_:)`), then records `record`, if any, in
  /// XCTest: one failure per kind, each at `file` and `line`, and the
  /// attachments (`XCTAttachment` on Apple platforms; files in
  /// `BATCHCHECK_ATTACHMENTS_DIR` wherever it is set).
  static func recordInXCTest(
    _ record: FailureRecord?, summary: String, file: StaticString, line: UInt
  ) {
    announce(summary)
    guard let record else { return }
    if let capture {
      capture.add(record)
      return
    }
    for text in record.issues {
      XCTFail(text, file: file, line: line)
    }
    #if canImport(Darwin)
      // XCTest's activities belong to the main thread; a test off it (an
      // async test) gets the files of BATCHCHECK_ATTACHMENTS_DIR only.
      if #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *), Thread.isMainThread {
        MainActor.assumeIsolated { addXCTAttachments(record) }
      }
    #endif
    if let folder = ProcessInfo.processInfo.environment[attachmentsFolderVariable], !folder.isEmpty
    {
      let place =
        "\(URL(fileURLWithPath: "\(file)").deletingPathExtension().lastPathComponent)-\(line)"
      do {
        try writeAttachments(record, to: folder, prefix: place)
      } catch {
        XCTFail(
          "BatchCheck: could not write the report's attachments to \(attachmentsFolderVariable)=\(folder): \(error)",
          file: file, line: line)
      }
    }
  }

  #if canImport(Darwin)
    /// Adds the record's files to the current XCTest test, kept always.
    @MainActor static func addXCTAttachments(_ record: FailureRecord) {
      XCTContext.runActivity(named: "BatchCheck report") { activity in
        for attachment in record.attachments {
          let type = attachment.name.hasSuffix(".html") ? "public.html" : "public.plain-text"
          let item = XCTAttachment(
            data: Data(attachment.contents.utf8), uniformTypeIdentifier: type)
          item.name = attachment.name
          item.lifetime = .keepAlways
          activity.add(item)
        }
      }
    }
  #endif

  /// Writes each attachment into `folder` (made when missing) as
  /// `<prefix>-<name>`, replacing a file of that name.
  static func writeAttachments(_ record: FailureRecord, to folder: String, prefix: String) throws {
    let directory = URL(fileURLWithPath: folder, isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for attachment in record.attachments {
      let url = directory.appendingPathComponent(
        "\(FailureRecord.fileName(prefix))-\(attachment.name)")
      try Data(attachment.contents.utf8).write(to: url, options: .atomic)
    }
  }

  /// The issue to record for a `BATCHCHECK_BUDGET` value that is neither
  /// `quick` nor `full`; nil when the value is sound.
  static func budgetIssue() -> String? {
    guard CheckBudget.fromEnvironment == nil else { return nil }
    let value = ProcessInfo.processInfo.environment[CheckBudget.environmentVariable] ?? ""
    return
      "BatchCheck: \(CheckBudget.environmentVariable)=\(value) is not a budget; expected quick or full."
      + " The quick budget ran."
  }
}

/// The error a helper records as a Swift Testing issue: Swift Testing
/// titles an issue recorded from an error with its description ("Caught
/// error: BatchCheck: my-diff fails: exception R2 at 3 rows, proven
/// minimal"), where a comment alone is titled "Issue recorded".
struct HelperIssue: Error, CustomStringConvertible {
  /// The issue's title: `FailureRecord.titledIssues`' `title`.
  let description: String
}

/// What the helpers recorded inside one `capturingRecords` call. A lock
/// guards it (`NSLock`: the package's deployment targets predate `Mutex`).
package final class CapturedRecords: @unchecked Sendable {
  private let lock = NSLock()
  private var records: [FailureRecord] = []
  private var announced: [String] = []

  func add(_ record: FailureRecord) {
    lock.lock()
    defer { lock.unlock() }
    records.append(record)
  }

  func add(summary: String) {
    lock.lock()
    defer { lock.unlock() }
    announced.append(summary)
  }

  /// The summary lines the helpers printed, in order.
  package var summaries: [String] {
    lock.lock()
    defer { lock.unlock() }
    return announced
  }

  /// The records so far, in order.
  private var all: [FailureRecord] {
    lock.lock()
    defer { lock.unlock() }
    return records
  }

  /// The issue texts, in order.
  package var issues: [String] { all.flatMap(\.issues) }
  /// The attachments, in order: file name and contents.
  package var attachments: [(name: String, contents: String)] { all.flatMap(\.attachments) }
}

/// Runs `body` with the helpers' issues, failures and attachments captured
/// instead of recorded. For this package's own tests of the helpers.
package func capturingRecords(_ body: () -> Void) -> CapturedRecords {
  let capture = CapturedRecords()
  Recorder.$capture.withValue(capture) { body() }
  return capture
}
