import BatchCheck

extension ReplayRecipe {
  /// A helper's replay of the minimal pair, for the helper called at
  /// `place`: the `options:` argument to give that very call, which
  /// compiles as pasted whatever the diff or generator it checks.
  ///
  ///     add `options: .onePair(old: [[Row("a")]], new: [[]])` to the call at MyDiffTests.swift:12
  ///     (in place of any seed:, count:, identityOnly: or uikit:) to check this pair alone
  func helperReplay(at place: String) -> String {
    "add `options: \(onePairOptions)` to the call at \(place)"
      + " (in place of any seed:, count:, identityOnly: or uikit:) to check this pair alone"
  }
}
