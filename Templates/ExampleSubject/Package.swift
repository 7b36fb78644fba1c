// swift-tools-version:6.0
// An app team's own stategate: their models, small adapters, and the stock command line.
import PackageDescription

let package = Package(
  name: "ExampleSubject",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    // In a real project: .package(url: "<your stategate remote>", from: "0.3.0")
    .package(name: "stategate", path: "../..")
  ],
  targets: [
    // Platform-independent models, as the app ships them (compile unchanged on iOS); they record
    // their sessions when given a recorder.
    .target(
      name: "PhotoModels",
      dependencies: [
        .product(name: "UndoKit", package: "stategate"),
        .product(name: "StateGateRecorder", package: "stategate"),
      ]),
    // The adapters that let stategate drive the models.
    .target(
      name: "PhotoAdapters",
      dependencies: [
        "PhotoModels",
        .product(name: "Contracts", package: "stategate"),
        .product(name: "UndoKit", package: "stategate"),
      ]),
    // The team's stategate: the library's command-line entry point with the team's subjects.
    .executableTarget(
      name: "example-stategate",
      dependencies: [
        "PhotoAdapters",
        .product(name: "Contracts", package: "stategate"),
        .product(name: "StateGateCLI", package: "stategate"),
      ]),
    // The contracts from `swift test` (StateGateTesting), and a bug planted in a recorded model,
    // exported and imported into a regression case.
    .testTarget(
      name: "PhotoAppTests",
      dependencies: [
        "PhotoModels", "PhotoAdapters",
        .product(name: "Contracts", package: "stategate"),
        .product(name: "Faults", package: "stategate"),
        .product(name: "StateGateCLI", package: "stategate"),
        .product(name: "StateGateRecorder", package: "stategate"),
        .product(name: "StateGateTesting", package: "stategate"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
