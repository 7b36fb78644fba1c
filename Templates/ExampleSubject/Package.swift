// swift-tools-version:6.0
// An app team's own stategate: their models, small adapters, and the stock command line.
import PackageDescription

let package = Package(
  name: "ExampleSubject",
  platforms: [.macOS(.v14), .iOS(.v17)],
  dependencies: [
    // In a real project: .package(url: "<your stategate remote>", from: "0.2.0")
    .package(name: "stategate", path: "../..")
  ],
  targets: [
    // Platform-independent models, as the app ships them (compile unchanged on iOS).
    .target(
      name: "PhotoModels",
      dependencies: [.product(name: "UndoKit", package: "stategate")]),
    // The team's stategate: adapters plus the library's command-line entry point.
    .executableTarget(
      name: "example-stategate",
      dependencies: [
        "PhotoModels",
        .product(name: "StateGateCLI", package: "stategate"),
        .product(name: "Contracts", package: "stategate"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
