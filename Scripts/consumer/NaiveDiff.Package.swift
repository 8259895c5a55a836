// swift-tools-version: 6.0
// The diff library itself, supporting the oldest systems a Swift 6
// toolchain builds for: older than BatchCheck's, so its tests that use
// BatchCheck live in a package beside it (../NaiveDiffChecks).
import PackageDescription

let package = Package(
  name: "NaiveDiff",
  platforms: [.macOS(.v10_13), .iOS(.v12), .tvOS(.v12), .watchOS(.v4)],
  products: [.library(name: "NaiveDiff", targets: ["NaiveDiff"])],
  targets: [.target(name: "NaiveDiff")],
  swiftLanguageModes: [.v6]
)
