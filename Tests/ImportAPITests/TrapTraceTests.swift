import BatchCheck
import BatchCheckTesting
import Testing

#if compiler(>=6.2) && (os(Linux) || os(macOS))
  /// A diff that traps in process ends the test program; `TrapTrace` names
  /// the case first. Run in a child process (an exit test), whose standard
  /// error the test reads.
  @Suite struct TrapTraceTests {
    @Test func aDiffThatTrapsNamesItsCaseAndReplay() async {
      let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
        var options = CheckOptions(count: 0, exhaustiveTotal: 4)
        options.exhaustiveContentTotal = 0
        expectValidBatchUpdates(named: "trapper", options: options) { old, new in
          // Traps on two old rows and no new ones: an index out of range.
          if old.count == 2, new.isEmpty { _ = new[old.count] }
          return BatchUpdate(
            deleteRows: old.indices.map { RowPath(0, $0) },
            insertRows: new.indices.map { RowPath(0, $0) })
        }
      }
      let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(text.contains("batchcheck: the generator trapper trapped"))
      #expect(text.contains("exhaustive phase, pair "))
      #expect(text.contains("new:    [[]]"))
      #expect(text.contains("old:    [[\"a\",\"a\"]]") || text.contains("old:    [[\"a\",\"b\"]]"))
      #expect(text.contains("seeds:  run 0x"))
      #expect(text.contains("replay: check(generator, options: .onePair(old: [[Row("))
    }

    @Test func aDiffThatDoesNotTrapWritesNoTrace() async {
      let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
        var options = CheckOptions(count: 0, exhaustiveTotal: 3)
        options.exhaustiveContentTotal = 0
        expectValidBatchUpdates(named: "calm", options: options) { old, new in
          BatchUpdate(
            deleteRows: old.indices.map { RowPath(0, $0) },
            insertRows: new.indices.map { RowPath(0, $0) })
        }
      }
      let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
      #expect(!text.contains("trapped"))
    }
  }
#endif
