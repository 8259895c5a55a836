import BatchCheck
import Testing

@testable import BatchCheckExec

/// `--exec` generators of every contract get cases of several sections.
@Suite("External generators: sections for every contract")
struct ExternalSectionsTests {
  /// Options that run a few random cases and nothing else.
  static var options: CheckOptions {
    var options = CheckOptions(count: 200, exhaustiveTotal: 0, shrinkBudget: 0)
    options.proofBudget = 0
    return options
  }

  @Test(
    "staged and steps processes get several sections by default, one section a side with sections off",
    arguments: [Contract.staged, .steps])
  func sectionsForEveryContract(contract: Contract) {
    // Answers no stages or no steps: what matters is which cases it is sent.
    let process = ExternalGenerator(command: "while IFS= read -r line; do echo '[]'; done")
    defer { process.close() }
    let sectioned = check(process.contractGenerator(contract), options: Self.options)
    #expect(sectioned.sectioned)
    #expect(sectioned.statistics.withSeveralSections > 0)
    #expect(sectioned.skippedCases == 0)
    let single = check(process.contractGenerator(contract, sections: false), options: Self.options)
    #expect(!single.sectioned)
    #expect(single.statistics.withSeveralSections == 0)
  }
}
