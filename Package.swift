// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "stategate",
  platforms: [.macOS(.v14), .iOS(.v17)],
  products: [
    .library(name: "UndoKit", targets: ["UndoKit"]),
    .library(name: "Contracts", targets: ["Contracts"]),
    .library(name: "Runner", targets: ["Runner"]),
    .library(name: "ResultBundle", targets: ["ResultBundle"]),
    .library(name: "StateGateCLI", targets: ["StateGateCLI"]),
    .executable(name: "stategate", targets: ["stategate"]),
  ],
  targets: [
    // libxml2 through pkg-config; only ResultBundle imports it.
    .systemLibrary(
      name: "CLibXML2",
      path: "Sources/CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    // UndoManager with Apple's semantics on Linux; Foundation's own type on Apple platforms.
    .target(name: "UndoKit"),
    // Subjects' protocols, reference subjects, and contract suites as data.
    .target(name: "Contracts", dependencies: ["UndoKit"], resources: [.copy("Suites")]),
    // Plan, run, check every step, and classify failures by experiment.
    .target(name: "Runner", dependencies: ["Contracts"]),
    // Result files: the libxml2 wrappers live here and nowhere else.
    .target(name: "ResultBundle", dependencies: ["CLibXML2"]),
    // The command line as a library: arguments, commands, output and exit status.
    .target(
      name: "StateGateCLI", dependencies: ["UndoKit", "Contracts", "Runner", "ResultBundle"]),
    .executableTarget(name: "stategate", dependencies: ["StateGateCLI"]),
    .testTarget(name: "UndoKitTests", dependencies: ["UndoKit"]),
    .testTarget(name: "SeedCompatibilityTests", dependencies: ["UndoKit"]),
    .testTarget(name: "ContractsTests", dependencies: ["Contracts"]),
    .testTarget(name: "RunnerTests", dependencies: ["Runner", "Contracts"]),
    .testTarget(name: "ResultBundleTests", dependencies: ["ResultBundle"]),
    .testTarget(name: "StateGateCLITests", dependencies: ["StateGateCLI"]),
  ],
  swiftLanguageModes: [.v6]
)
