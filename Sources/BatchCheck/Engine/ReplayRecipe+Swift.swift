extension ReplayRecipe {
  /// `check(generator, options: .onePair(old: [[Row("a")]], new: [[...]]))`:
  /// the call that runs the minimal pair again in a test, `generator`
  /// standing for the generator the run checked (a `ContractGenerator` when
  /// its contract is not one batch, or it was judged under another:
  /// `under: .contract`).
  public var swiftCall: String {
    var call = "check(generator"
    if let judgedAs { call += ", under: .\(judgedAs.rawValue)" }
    return call + ", options: \(onePairOptions))"
      + "  // generator: the \(shellWord(generator)) generator checked"
  }

  /// The options that run the minimal pair again, as Swift source:
  /// `.onePair(old: ..., new: ...)` (`CheckOptions.onePair`) with the
  /// simulation that judged it and `identityOnly:` when they are not the
  /// defaults. A run with waste limits gives them as a closure that sets
  /// them on the one-pair options (`SwiftLiteral.limiting`).
  public var onePairOptions: String {
    SwiftLiteral.limiting(
      SwiftLiteral.onePairOptions(
        old: old, new: new, simulation: simulation, identityOnly: identityOnly),
      maxMoveRatio: maxMoveRatio, rejectsUnneededDeletes: rejectsUnneededDeletes)
  }
}

/// `word` as one shell word: as is when it is made of safe characters,
/// single-quoted otherwise.
package func shellWord(_ word: String) -> String {
  let safe =
    !word.isEmpty
    && word.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./:=+,@".unicodeScalars.contains($0)
    }
  if safe { return word }
  return "'"
    + word.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
}
