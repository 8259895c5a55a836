import BatchCheck

/// One reference snapshot generator as the main job checks it: its name,
/// its shape, what a check should find, and the check itself.
///
///     let check = ReferenceSnapshotGenerators.checks[1]
///     check.name                            // "pagingBuilder"
///     check.run(SnapshotCheckOptions()).failures.map(\.kind)
///     // [exception S1, wrongRows C1]
public struct ReferenceSnapshotCheck: Sendable {
  /// The Swift name of the code (`ReferenceSnapshotGenerators.pagingBuilder`).
  public let name: String
  /// A builder or an editor.
  public let shape: SnapshotCodeShape
  /// The kinds of failure its bug gives, smallest first; empty for a right one.
  public let expected: [SnapshotFailureKind]
  /// Checks the code with `options`.
  public let run: @Sendable (SnapshotCheckOptions) -> SnapshotCheckReport
}

extension ReferenceSnapshotGenerators {
  /// Every reference snapshot generator, right ones first within each shape:
  /// rightBuilder, pagingBuilder, staleBuilder, rightEditor, anchorEditor.
  ///
  /// - Complexity: a run costs what `checkSnapshotBuilder` and
  ///   `checkSnapshotEditor` cost with its options.
  public static let checks: [ReferenceSnapshotCheck] = [
    ReferenceSnapshotCheck(name: "rightBuilder", shape: .builder, expected: []) { options in
      checkSnapshotBuilder(named: "rightBuilder", options: options) {
        (old: SnapshotCheckModel, new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
        rightBuilder(old: old, new: new)
      }
    },
    ReferenceSnapshotCheck(
      name: "pagingBuilder", shape: .builder,
      expected: [.init(verdict: .exception, rule: .s1), .init(verdict: .wrongRows, rule: .c1)]
    ) { options in
      checkSnapshotBuilder(named: "pagingBuilder", options: options) {
        (old: SnapshotCheckModel, new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
        pagingBuilder(old: old, new: new)
      }
    },
    ReferenceSnapshotCheck(
      name: "staleBuilder", shape: .builder,
      expected: [.init(verdict: .staleContent, rule: .c2)]
    ) { options in
      checkSnapshotBuilder(named: "staleBuilder", options: options) {
        (new: SnapshotCheckModel) -> SimulatedSnapshot<Int, String> in
        staleBuilder(new)
      }
    },
    ReferenceSnapshotCheck(name: "rightEditor", shape: .editor, expected: []) { options in
      checkSnapshotEditor(named: "rightEditor", options: options) {
        (snapshot: inout SimulatedSnapshot<Int, String>, old, new) in
        rightEditor(&snapshot, old: old, new: new)
      }
    },
    ReferenceSnapshotCheck(
      name: "anchorEditor", shape: .editor,
      expected: [.init(verdict: .exception, rule: .s5), .init(verdict: .wrongRows, rule: .c1)]
    ) { options in
      checkSnapshotEditor(named: "anchorEditor", options: options) {
        (snapshot: inout SimulatedSnapshot<Int, String>, old, new) in
        anchorEditor(&snapshot, old: old, new: new)
      }
    },
  ]
}
