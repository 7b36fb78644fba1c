import Foundation
import Testing

/// The modules' layers point one way: each module imports only the modules below it, as the table
/// here says, so a reader of archives never builds the run engine or the C platform layer.
@Suite("Layers")
struct LayeringTests {
  /// The modules each module may import, besides the system's.
  ///
  /// A new module gets a row here, with the layers below it; a test fails until it does.
  static let allowed: [String: Set<String>] = [
    "CLibXML2": [],
    "CPlatform": [],
    "UndoKit": [],
    "ResultSchema": [],
    "Contracts": ["UndoKit"],
    "ReferenceModels": ["Contracts", "UndoKit"],
    "Faults": ["Contracts", "ReferenceModels", "UndoKit"],
    "RunModel": ["Contracts", "ResultSchema"],
    "Platform": ["CPlatform"],
    "Runner": ["Contracts", "Platform", "ResultSchema", "RunModel", "UndoKit"],
    "Exploration": ["Contracts", "Platform", "RunModel", "Runner", "UndoKit"],
    "ResultFiles": ["CLibXML2", "ResultSchema"],
    "ResultWriting": ["Contracts", "Platform", "ResultFiles", "ResultSchema", "RunModel"],
    "Triage": ["Contracts", "ResultFiles", "ResultSchema", "XCResult"],
    "XCResult": ["CSQLite", "CZstd"],
    "CSQLite": [],
    "CZstd": [],
    "StateGateXCTest": ["Contracts", "ResultSchema", "UndoKit"],
    "StateGateTesting": [
      "Contracts", "Exploration", "ResultFiles", "ResultWriting", "ResultSchema", "RunModel",
      "Runner",
    ],
    "StateGateRecorder": [],
    "CHeapProbe": [],
    "RecorderBench": ["StateGateRecorder"],
    "RecordingImport": ["Contracts", "Exploration", "RunModel", "Runner", "StateGateRecorder"],
    "StateGateTemplates": [],
    "SuiteEmbedder": [],
    "StateGateCLI": [
      "Contracts", "Exploration", "Faults", "Platform", "RecordingImport", "ReferenceModels",
      "ResultFiles", "ResultWriting", "ResultSchema", "RunModel", "Runner",
      "StateGateTemplates", "Triage", "UndoKit", "XCResult",
    ],
    "stategate": ["Platform", "StateGateCLI"],
    "ExploreBench": ["Contracts", "ReferenceModels", "StateGateCLI"],
  ]

  /// Modules of the system and the toolchain, which any module may import.
  static let system: Set<String> = [
    "Foundation", "Glibc", "Darwin", "Dispatch", "Testing", "XCTest",
  ]

  private static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("../../Sources").standardized

  /// The modules each Swift file under `Sources/MODULE` imports.
  private static func imports(of module: String) throws -> Set<String> {
    let folder = sources.appendingPathComponent(module)
    var found: Set<String> = []
    let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }
    for file in files ?? [] where file.hasSuffix(".swift") {
      let text = try String(
        contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
      for line in text.split(separator: "\n") {
        let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
        if words.count == 2, words[0] == "import" {
          found.insert(String(words[1]))
        }
      }
    }
    return found
  }

  @Test("Every module imports only the layers below it")
  func importsPointDown() throws {
    let modules = try FileManager.default.contentsOfDirectory(atPath: Self.sources.path)
      .filter { !$0.hasPrefix(".") }.sorted()
    for module in modules {
      guard let allowed = Self.allowed[module] else {
        Issue.record(
          "'Sources/\(module)' has no row in LayeringTests.allowed: say what it may import")
        continue
      }
      let wrong = try Self.imports(of: module).subtracting(allowed).subtracting(Self.system)
      #expect(wrong.isEmpty, "\(module) imports \(wrong.sorted()), which it must not")
    }
  }

  @Test("docs/contributing.md's layer table is this table")
  func documentedLayersAreTheTestedOnes() throws {
    let page = try String(
      contentsOf: Self.sources.appendingPathComponent("../docs/contributing.md").standardized,
      encoding: .utf8)
    let section = try #require(page.components(separatedBy: "## Layers").dropFirst().first)
    var documented: [String: Set<String>] = [:]
    for line in section.components(separatedBy: "\n## ")[0].split(separator: "\n")
    where line.hasPrefix("| `") {
      let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
      let module = cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
      let imports = cells[1] == "—" ? [] : cells[1].components(separatedBy: ", ")
      documented[module] = Set(imports)
    }
    #expect(documented == Self.allowed)
  }

  @Test("Only Platform imports CPlatform: every C call has one Swift face")
  func onlyPlatformImportsTheC() {
    let importers = Self.allowed.filter { $0.value.contains("CPlatform") }.map(\.key)
    #expect(importers == ["Platform"])
  }

  @Test("A reader of archives builds neither the run engine nor the C platform layer")
  func triageIsBelowTheRunner() {
    var reachable: Set<String> = []
    var next = ["Triage"]
    while let module = next.popLast() {
      for dependency in Self.allowed[module] ?? [] where reachable.insert(dependency).inserted {
        next.append(dependency)
      }
    }
    #expect(!reachable.contains("Runner"))
    #expect(!reachable.contains("CPlatform"))
    #expect(!reachable.contains("Platform"))
    #expect(!reachable.contains("RunModel"))
  }

  /// The products a user's package may depend on; every other module is the house's own.
  static let products: Set<String> = [
    "UndoKit", "Contracts", "ReferenceModels", "Faults", "StateGateXCTest", "StateGateTesting",
    "StateGateRecorder", "StateGateCLI", "stategate",
  ]

  @Test("The package offers the user-facing products only, and docs/contributing.md names them")
  func productsAreTheUserFacingOnes() throws {
    let manifest = try String(
      contentsOf: Self.sources.appendingPathComponent("../Package.swift").standardized,
      encoding: .utf8)
    let declared =
      manifest.components(separatedBy: "products: [").dropFirst().first?
      .components(separatedBy: "\n  ],").first ?? ""
    var named: Set<String> = []
    for line in declared.split(separator: "\n") {
      guard line.contains(".library(name: \"") || line.contains(".executable(name: \"") else {
        continue
      }
      if let name = line.split(separator: "\"").dropFirst().first { named.insert(String(name)) }
    }
    #expect(named == Self.products)
    let page = try String(
      contentsOf: Self.sources.appendingPathComponent("../docs/contributing.md").standardized,
      encoding: .utf8)
    let sentence = try #require(
      page.components(separatedBy: "The package's products are ").dropFirst().first?
        .components(separatedBy: ".").first)
    let documented = Set(
      sentence.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(
        \.element))
    #expect(documented == Self.products)
  }

  /// The files of house modules that declare something `public`, because a product's public
  /// API carries it: ``StateGateError``'s `results` and `recording` cases.
  static let publicInHouse: Set<String> = [
    "ResultFiles/Directory/ResultDirectoryError.swift",
    "RecordingImport/RecordingReadError.swift",
  ]

  /// The Swift files of `module`, as `MODULE/PATH` (`StateGateTemplates` lives in `Templates/`,
  /// beside the example package, which is not part of it).
  private static func swiftFiles(of module: String) -> [(name: String, url: URL)] {
    let files = FileManager.default
    if module == "StateGateTemplates" {
      let folder = sources.appendingPathComponent("../Templates").standardized
      let names = (try? files.contentsOfDirectory(atPath: folder.path)) ?? []
      return names.filter { $0.hasSuffix(".swift") }.sorted().map {
        ("\(module)/\($0)", folder.appendingPathComponent($0))
      }
    }
    let folder = sources.appendingPathComponent(module)
    let names = files.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
    return names.filter { $0.hasSuffix(".swift") }.sorted().map {
      ("\(module)/\($0)", folder.appendingPathComponent($0))
    }
  }

  /// Whether a line of Swift declares something `public` (after any attributes).
  static func declaresPublic(_ line: Substring) -> Bool {
    line.firstMatch(of: /^\s*(?:@\w+(?:\([^)]*\))?\s+)*public\s/) != nil
  }

  @Test("A house module's declarations are package, unless a product's public API carries them")
  func houseModulesPublishNothingElse() throws {
    #expect(Self.declaresPublic("  @MainActor public func learn() {"))
    #expect(Self.declaresPublic("@available(macOS 14, *) public struct Plan {"))
    #expect(!Self.declaresPublic("  package func learn() {"))
    #expect(!Self.declaresPublic("  /// The public face."))
    var found: Set<String> = []
    for module in Set(Self.allowed.keys).subtracting(Self.products) {
      for file in Self.swiftFiles(of: module) {
        let text = try String(contentsOf: file.url, encoding: .utf8)
        if text.split(separator: "\n").contains(where: Self.declaresPublic) {
          found.insert(file.name)
        }
      }
    }
    #expect(found == Self.publicInHouse, "make the declarations of \(found) package")
    #expect(!Self.swiftFiles(of: "StateGateTemplates").isEmpty)
    #expect(!Self.swiftFiles(of: "Runner").isEmpty)
  }
}
