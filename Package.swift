// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "stategate",
  platforms: [.macOS(.v14), .iOS(.v17)],
  // The products are what a user's package may depend on: the model side (UndoKit, the contract
  // protocols, the reference and faulty models), the command line as a library, the testing
  // helpers and the recorder. Every other module is the house's own and may change in any
  // release; docs/contributing.md lists them.
  products: [
    .library(name: "UndoKit", targets: ["UndoKit"]),
    .library(name: "Contracts", targets: ["Contracts"]),
    .library(name: "ReferenceModels", targets: ["ReferenceModels"]),
    .library(name: "Faults", targets: ["Faults"]),
    .library(name: "StateGateXCTest", targets: ["StateGateXCTest"]),
    .library(name: "StateGateTesting", targets: ["StateGateTesting"]),
    .library(name: "StateGateRecorder", targets: ["StateGateRecorder"]),
    .library(name: "StateGateCLI", targets: ["StateGateCLI"]),
    .executable(name: "stategate", targets: ["stategate"]),
  ],
  targets: [
    // libxml2 through pkg-config; only ResultFiles imports it.
    .systemLibrary(
      name: "CLibXML2",
      path: "Sources/CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
    ),
    // SQLite through pkg-config; only XCResult imports it (an .xcresult bundle's database).
    .systemLibrary(
      name: "CSQLite",
      path: "Sources/CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // Zstandard through pkg-config; only XCResult imports it (an .xcresult bundle's objects).
    .systemLibrary(
      name: "CZstd",
      path: "Sources/CZstd",
      pkgConfig: "libzstd",
      providers: [.apt(["libzstd-dev"]), .brew(["zstd"])]
    ),
    // UndoManager with Apple's semantics on Linux; Foundation's own type on Apple platforms.
    .target(name: "UndoKit"),
    // Subjects' protocols and contract suites as data: what a user's adapter imports. The
    // built-in suites (Suites/*.suite) are compiled in by the SuiteEmbedding plugin: no resource
    // bundle, so a copied binary, and a user's own binary built on StateGateCLI, need nothing
    // beside them.
    .target(name: "Contracts", dependencies: ["UndoKit"], plugins: ["SuiteEmbedding"]),
    // Build-time tool: writes a target's .suite files into Swift source as string literals.
    .executableTarget(name: "SuiteEmbedder"),
    // Build-tool plugin: runs SuiteEmbedder on the .suite files of the targets that use it.
    .plugin(name: "SuiteEmbedding", capability: .buildTool(), dependencies: ["SuiteEmbedder"]),
    // Build-tool plugin: runs SuiteEmbedder on a target's template files (CI jobs, report page).
    .plugin(name: "TemplateEmbedding", capability: .buildTool(), dependencies: ["SuiteEmbedder"]),
    // The files stategate writes for users (Templates/: CI jobs, a pre-push hook, the report
    // page), compiled in like the suites; the example package beside them is not part of it.
    .target(
      name: "StateGateTemplates", path: "Templates", exclude: ["ExampleSubject", "README.md"],
      plugins: ["TemplateEmbedding"]),
    // The reference subjects: correct models that read as the contract, with open seams.
    .target(name: "ReferenceModels", dependencies: ["Contracts", "UndoKit"]),
    // The fault catalogue: one file per planted bug, each a variant of a reference model.
    .target(name: "Faults", dependencies: ["Contracts", "ReferenceModels", "UndoKit"]),
    // The model of a run: plans, events, case and step results. Below both the runner and the
    // code that writes and reads result directories.
    .target(name: "RunModel", dependencies: ["Contracts", "ResultSchema"]),
    // Plan, run, check every step, and classify failures by experiment.
    .target(
      name: "Runner",
      dependencies: ["Contracts", "Platform", "ResultSchema", "RunModel", "UndoKit"],
      swiftSettings: [.define("STATEGATE_TEST_HOOKS", .when(configuration: .debug))]),
    // Generated sequences checked by a self-checking oracle, shrunk and classified by the runner.
    .target(
      name: "Exploration", dependencies: ["Contracts", "Platform", "Runner", "RunModel", "UndoKit"]),
    // The exploration benchmark's Swift side: the seed's optimistic model as a subject, explored
    // through the stock command line, and a bare loop over the same model with nothing checked.
    .executableTarget(
      name: "explore-bench", dependencies: ["Contracts", "ReferenceModels", "StateGateCLI"],
      path: "Sources/ExploreBench"),
    // Versioned records that leave the process: manifest and event-log records.
    .target(name: "ResultSchema"),
    // C for what Swift cannot do safely: renameat2, signal handlers, crash-safe buffers, spawning
    // workers; one file per concern. Its test hooks exist only in debug (test) builds.
    .target(
      name: "CPlatform",
      cSettings: [.define("STATEGATE_TEST_HOOKS", .when(configuration: .debug))]),
    // CPlatform's one Swift face: each C call wrapped once, failures as PlatformError; the only
    // importer of CPlatform.
    .target(
      name: "Platform", dependencies: ["CPlatform"],
      swiftSettings: [.define("STATEGATE_TEST_HOOKS", .when(configuration: .debug))]),
    // Result directories as readers see them: their layout, recorded runs, JUnit through libxml2
    // (its only user). Neither the run engine nor the C platform layer: a reader of archives
    // builds without them.
    .target(name: "ResultFiles", dependencies: ["CLibXML2", "ResultSchema"]),
    // Writing result directories: the recorder of a run's events, JUnit cases, the summary, the
    // crash record, and merging shards.
    .target(
      name: "ResultWriting",
      dependencies: ["ResultFiles", "RunModel", "Platform", "ResultSchema", "Contracts"]),
    // A recording's session replayed, shrunk and classified into a regression case.
    .target(
      name: "RecordingImport",
      dependencies: ["Contracts", "RunModel", "Runner", "Exploration", "StateGateRecorder"]),
    // Xcode's .xcresult bundles read on Linux: the database, the object store, xcresulttool's
    // JSON; the only user of CSQLite and CZstd.
    .target(name: "XCResult", dependencies: ["CSQLite", "CZstd"]),
    // Triage of archived results: result directories, foreign JUnit, event streams, .xcresult.
    .target(
      name: "Triage", dependencies: ["ResultFiles", "ResultSchema", "Contracts", "XCResult"]),
    // Assertion helpers for users' own XCTest and Swift Testing tests, with class tags.
    .target(name: "StateGateXCTest", dependencies: ["UndoKit", "Contracts", "ResultSchema"]),
    // Contract suites and exploration from a user's own `@Test`: one test case per contract
    // case, issues at the suite line, the same result directory as `stategate run`. No CLI.
    .target(
      name: "StateGateTesting",
      dependencies: [
        "Contracts", "RunModel", "Runner", "Exploration", "ResultSchema", "ResultFiles",
        "ResultWriting",
      ]),
    // The command line as a library: arguments, commands, output and exit status.
    .target(
      name: "StateGateCLI",
      dependencies: [
        "UndoKit", "Contracts", "ReferenceModels", "Faults", "RunModel", "Runner", "Exploration",
        "ResultSchema", "ResultFiles", "ResultWriting", "Triage", "StateGateTemplates",
        "Platform", "RecordingImport", "XCResult",
      ],
      swiftSettings: [.define("STATEGATE_TEST_HOOKS", .when(configuration: .debug))]),
    .executableTarget(name: "stategate", dependencies: ["StateGateCLI", "Platform"]),
    // What an app ships to record a session, de-identified, for `stategate import`: Foundation
    // only, nothing else of stategate.
    .target(name: "StateGateRecorder"),
    // The recorder's benchmark: the cost of an event beside appending to a preallocated array.
    .executableTarget(
      name: "recorder-bench", dependencies: ["StateGateRecorder"], path: "Sources/RecorderBench"),
    .testTarget(name: "UndoKitTests", dependencies: ["UndoKit"]),
    // The C heap's bytes in use, for the test that recording an event allocates nothing.
    .target(name: "CHeapProbe"),
    .testTarget(name: "StateGateRecorderTests", dependencies: ["StateGateRecorder", "CHeapProbe"]),
    .testTarget(
      name: "RecordingImportTests",
      dependencies: [
        "RecordingImport", "StateGateRecorder", "Contracts", "RunModel", "Runner",
        "ReferenceModels", "Faults", "Exploration",
      ]),
    .testTarget(name: "SeedCompatibilityTests", dependencies: ["UndoKit"]),
    // Its Embedding/escapes.suite checks, through the plugin, that embedding keeps every byte.
    .testTarget(name: "ContractsTests", dependencies: ["Contracts"], plugins: ["SuiteEmbedding"]),
    .testTarget(
      name: "ReferenceModelsTests", dependencies: ["ReferenceModels", "Contracts", "UndoKit"]),
    .testTarget(
      name: "RunnerTests",
      dependencies: [
        "Runner", "RunModel", "Contracts", "ReferenceModels", "Faults", "Exploration",
        "ResultSchema", "UndoKit", "Platform",
      ]),
    .testTarget(
      name: "ExplorationTests",
      dependencies: [
        "Exploration", "Runner", "RunModel", "Contracts", "ReferenceModels", "Faults", "UndoKit",
      ]),
    .testTarget(
      name: "ResultFilesTests",
      dependencies: [
        "ResultFiles", "ResultWriting", "ResultSchema", "RunModel", "Runner", "Contracts",
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "StateGateCLITests",
      dependencies: [
        "StateGateCLI", "Contracts", "Faults", "ReferenceModels", "ResultFiles", "ResultWriting",
        "ResultSchema", "RunModel", "Runner", "StateGateRecorder", "StateGateTemplates",
        "StateGateTesting", "Triage", "UndoKit",
      ]),
    .testTarget(
      name: "StateGateTestingTests",
      dependencies: [
        "StateGateTesting", "Contracts", "ReferenceModels", "Faults", "RunModel", "Runner",
      ]),
    .testTarget(
      name: "XCResultTests", dependencies: ["XCResult", "Triage", "ResultFiles"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "TriageTests",
      dependencies: ["Triage", "Contracts", "ResultFiles", "StateGateXCTest", "UndoKit"],
      resources: [.copy("Samples")]),
  ],
  swiftLanguageModes: [.v6]
)
