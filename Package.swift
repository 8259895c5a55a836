// swift-tools-version: 6.0
import PackageDescription

// BatchCheck: would UIKit accept this batch update, and would the table then
// show the right rows? Zero package dependencies; the core module
// `BatchCheck` uses the standard library only.
let package = Package(
  name: "BatchCheck",
  // The lowest the code allows. Swift 6 toolchains build for macOS 10.13,
  // iOS 12, tvOS 12 and watchOS 4 at the oldest, but Swift concurrency,
  // which the core module's public `check(_:options:workers:) async` and
  // its task groups use, runs from macOS 10.15, iOS 13, tvOS 13 and
  // watchOS 6 on; so do the standard library's `difference(from:)`
  // (ReferenceDiffs' collection-difference and edit-script generators) and
  // Swift Testing, which BatchCheckTesting links. Lower floors would need
  // `@available` on those declarations and a build for each Apple platform
  // to prove nothing else needs more. A library whose platforms are older keeps its
  // BatchCheck tests in a test-only package beside it (the getting-started
  // article shows one; Scripts/consumer-test.sh tests that layout).
  platforms: [.macOS(.v10_15), .iOS(.v13), .tvOS(.v13), .watchOS(.v6)],
  products: [
    .library(name: "BatchCheck", targets: ["BatchCheck"]),
    .library(name: "BatchCheckCorpus", targets: ["BatchCheckCorpus"]),
    .library(name: "BatchCheckExec", targets: ["BatchCheckExec"]),
    .library(name: "ReferenceDiffs", targets: ["ReferenceDiffs"]),
    .library(name: "BatchCheckTesting", targets: ["BatchCheckTesting"]),
    .library(name: "BatchCheckHTML", targets: ["BatchCheckHTML"]),
    .library(name: "BatchCheckHarness", targets: ["BatchCheckHarness"]),
    .executable(name: "batchcheck", targets: ["batchcheck"]),
    // `swift package batchcheck <arguments>` in a package that depends on BatchCheck.
    .plugin(name: "BatchCheckPlugin", targets: ["BatchCheckPlugin"]),
  ],
  targets: [
    .target(name: "BatchCheck"),
    .target(name: "BatchCheckCorpus", dependencies: ["BatchCheck"]),
    // External generators: another program, spoken to in JSON lines over pipes.
    .target(name: "BatchCheckExec", dependencies: ["BatchCheck", "BatchCheckCorpus"]),
    .target(name: "ReferenceDiffs", dependencies: ["BatchCheck"]),
    .target(
      name: "BatchCheckTesting",
      dependencies: ["BatchCheck", "BatchCheckHTML", "BatchCheckHarness"]
    ),
    // Simulated table and collection views that read a live data source at
    // UIKit's moments, the protocols UIKit's views share with them, and the
    // property check of apply code (Foundation for IndexPath and IndexSet).
    .target(name: "BatchCheckHarness", dependencies: ["BatchCheck"]),
    // Reports as self-contained HTML pages with SVG pictures of each failure.
    .target(name: "BatchCheckHTML", dependencies: ["BatchCheck", "BatchCheckCommandLine"]),
    // The command line's words that reports write: the spelling of the
    // options it reads and writes back, the `batchcheck replay` command.
    // Standard library only; shared by the CLI and the HTML report (and so
    // the test helpers' HTML attachments); not a product.
    .target(name: "BatchCheckCommandLine", dependencies: ["BatchCheck"]),
    .target(
      name: "BatchCheckCLI",
      dependencies: [
        "BatchCheck", "BatchCheckCorpus", "BatchCheckExec", "ReferenceDiffs", "BatchCheckHTML",
        "BatchCheckCommandLine",
      ]),
    .executableTarget(name: "batchcheck", dependencies: ["BatchCheckCLI", "BatchCheckExec"]),
    .plugin(
      name: "BatchCheckPlugin",
      capability: .command(
        intent: .custom(
          verb: "batchcheck",
          description:
            "Run the batchcheck command line tool: check, validate, corpus, explain, bench...")),
      dependencies: ["batchcheck"]),
    .testTarget(
      name: "BatchCheckTests",
      dependencies: ["BatchCheck", "BatchCheckCommandLine", "BatchCheckCorpus"]),
    // What the test targets share: seeded mutations of case lines (the
    // case-reading and --exec wire tests) and temporary directories for the
    // files a test writes (the CLI and --exec tests); not a product.
    .target(
      name: "BatchCheckTestSupport", dependencies: ["BatchCheck"],
      path: "Tests/BatchCheckTestSupport"),
    .testTarget(
      name: "BatchCheckCorpusTests",
      dependencies: ["BatchCheck", "BatchCheckCorpus", "BatchCheckTestSupport"]),
    .testTarget(
      name: "BatchCheckExecTests",
      dependencies: ["BatchCheck", "BatchCheckCorpus", "BatchCheckExec", "BatchCheckTestSupport"]),
    .testTarget(name: "ReferenceDiffsTests", dependencies: ["BatchCheck", "ReferenceDiffs"]),
    .testTarget(
      name: "BatchCheckHarnessTests",
      dependencies: ["BatchCheckHarness", "BatchCheck", "ReferenceDiffs"]),
    // Uses the package as a diff library's test target would: public API only.
    .testTarget(
      name: "ImportAPITests",
      dependencies: ["BatchCheckTesting", "BatchCheckHarness", "ReferenceDiffs"]),
    .testTarget(
      name: "BatchCheckCLITests",
      dependencies: [
        "BatchCheckCLI", "BatchCheck", "BatchCheckCommandLine", "BatchCheckCorpus",
        "BatchCheckExec",
        "ReferenceDiffs", "BatchCheckTestSupport",
      ]),
    .testTarget(
      name: "BatchCheckHTMLTests",
      dependencies: [
        "BatchCheckHTML", "BatchCheck", "BatchCheckCommandLine", "BatchCheckCorpus",
        "ReferenceDiffs",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
