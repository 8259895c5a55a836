import BatchCheck
import BatchCheckHarness
import Foundation
import Testing

extension BatchTableView {
  /// Hands a non-escaping closure it was given on to `performBatchUpdates`:
  /// what Swift 6 refuses against UIKit's `(() -> Void)?` alone.
  func batch(_ changes: () -> Void, completion: ((Bool) -> Void)? = nil) {
    performBatchUpdates(changes, completion: completion)
  }
}

@MainActor
@Suite("The seam: UIKit's signatures, the non-escaping overload, IndexPath on Linux")
struct SeamTests {
  @Test("a library-style generic staged apply compiles against the seam and runs on the harness")
  func genericApplyRuns() {
    var model = rows("abc")
    let table = HarnessTableView { model }
    table.reload(using: stages(model, rows("dac")), with: .automatic) { model = $0 }
    #expect(model == rows("dac"))
    #expect(table.report.outcomes.map(\.kind) == [.valid, .valid])
    #expect(table.numberOfRows(inSection: 0) == 3)
  }

  @Test("trailing closures pick the non-escaping overload, on the class and through the protocol")
  func trailingClosures() {
    var model = rows("a")
    let table = HarnessTableView { model }
    var finished: [Bool] = []
    table.performBatchUpdates {
      model = rows("ab")
      table.insertRows(at: [IndexPath(row: 1, section: 0)], with: .fade)
    } completion: {
      finished.append($0)
    }
    table.batch {
      model = rows("abc")
      table.insertRows(at: [IndexPath(row: 2, section: 0)], with: .none)
    }
    table.batch(
      {
        model = rows("abcd")
        table.insertRows(at: [IndexPath(row: 3, section: 0)], with: .top)
      }, completion: { finished.append($0) })
    #expect(finished.isEmpty)
    #expect(table.pendingCompletions == 2)
    table.drain()
    #expect(finished == [true, true])
    #expect(table.report.outcomes.map(\.kind) == [.valid, .valid, .valid])
    // UIKit's own forms still resolve, with no ambiguity: an optional
    // block, nil, and a closure literal with an explicit completion.
    table.performBatchUpdates(nil)
    table.performBatchUpdates({ model = rows("abcd") }, completion: nil)
    let optional: (() -> Void)? = {}
    table.performBatchUpdates(optional, completion: { finished.append($0) })
    #expect(table.report.outcomes.count == 6 && table.pendingCompletions == 1)
  }

  @Test("IndexPath(row:section:), (item:section:), .row, .item, .section")
  func indexPaths() {
    var path = IndexPath(row: 4, section: 2)
    #expect(path.section == 2 && path.row == 4 && path.item == 4)
    #expect(Array(path) == [2, 4])
    path.row = 7
    path.section = 1
    #expect(path == IndexPath(item: 7, section: 1))
    #expect(IndexPath(item: 3, section: 0).item == 3)
  }

  @Test("an index path of other than two indexes is refused as UIKit refuses a bad path (R22)")
  func malformedPath() {
    let model = rows("ab")
    let table = HarnessTableView { model }
    table.deleteRows(at: [IndexPath(index: 1)], with: .automatic)
    #expect(table.report.outcomes.map(\.kind) == [.exception])
    #expect(table.report.rule == .r22)
  }
}
