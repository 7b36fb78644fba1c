import PackagePlugin

/// Compiles a target's `.suite` files into it, so that no resource bundle is needed at run time.
///
/// For a target with `.suite` files among its sources, the plugin adds one build command: the
/// `SuiteEmbedder` tool reads the files and writes `EmbeddedSuiteFiles.swift`, which declares
/// `embeddedSuiteFiles` (each file's name and text). The files are the command's inputs, so the
/// build runs it again whenever one changes; a target without `.suite` files gets no command.
@main
struct SuiteEmbeddingPlugin: BuildToolPlugin {
  /// Returns the command that embeds `target`'s suite files, or none when it has none.
  ///
  /// - Parameters:
  ///   - context: Where the plugin may write and which tools it may run.
  ///   - target: The target being built.
  /// - Returns: Zero or one build command.
  /// - Throws: When the `SuiteEmbedder` tool cannot be found.
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let suites = target.sourceFiles(withSuffix: "suite").map(\.url)
      .sorted { $0.path < $1.path }
    guard !suites.isEmpty else { return [] }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedSuiteFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(suites.count) suite files in \(target.name)",
        executable: try context.tool(named: "SuiteEmbedder").url,
        arguments: [output.path] + suites.map(\.path),
        inputFiles: suites,
        outputFiles: [output])
    ]
  }
}
