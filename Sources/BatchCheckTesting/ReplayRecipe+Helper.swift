import BatchCheck

extension ReplayRecipe {
  /// The call of the closure helper `helper` that runs the minimal pair
  /// again: `helper(named: NAME, options: .onePair(...)) { old, new in ...
  /// }`, the closure standing for the diff under test.
  func helperCall(_ helper: String, named name: String) -> String {
    "\(helper)(named: \(SwiftLiteral.string(name)), options: \(onePairOptions))"
      + " { old, new in /* the diff under test */ }"
  }

  /// The call of the generator helper `helper` that runs the minimal pair
  /// again: `helper(generator, under: .contract, options: .onePair(...))`,
  /// `generator` standing for the generator the run checked.
  func helperCall(_ helper: String, under contract: Contract?) -> String {
    let under = contract.map { ", under: .\($0.rawValue)" } ?? ""
    return "\(helper)(generator\(under), options: \(onePairOptions))  // generator: the"
      + " \(SwiftLiteral.string(generator)) generator checked"
  }
}
