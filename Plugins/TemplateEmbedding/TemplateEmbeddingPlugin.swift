import PackagePlugin

/// Compiles a target's template files (every file that is not Swift source) into it, so that
/// `stategate init` and `stategate report` need nothing beside the binary.
///
/// The `SuiteEmbedder` tool, run with `--templates`, writes `EmbeddedTemplateFiles.swift`, which
/// declares `embeddedTemplateFiles` (each file's path under the target and its text). The files
/// are the command's inputs, so a changed template is embedded again by the next build. The
/// target's one Swift file must lie at its root, which the paths are relative to.
@main
struct TemplateEmbeddingPlugin: BuildToolPlugin {
  /// Returns the command that embeds `target`'s templates, or none when it has none.
  ///
  /// - Parameters:
  ///   - context: Where the plugin may write and which tools it may run.
  ///   - target: The target being built.
  /// - Returns: Zero or one build command.
  /// - Throws: When the `SuiteEmbedder` tool cannot be found.
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let templates = target.sourceFiles.filter { $0.type != .source && $0.type != .header }
      .map(\.url).sorted { $0.path < $1.path }
    // The target's root is where its one Swift file lies (Target.directoryURL needs tools 6.1).
    guard !templates.isEmpty,
      let root = target.sourceFiles.first(where: { $0.type == .source })?.url
        .deletingLastPathComponent()
    else { return [] }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTemplateFiles.swift")
    return [
      .buildCommand(
        displayName: "Embedding \(templates.count) templates in \(target.name)",
        executable: try context.tool(named: "SuiteEmbedder").url,
        arguments: ["--templates", root.path, output.path]
          + templates.map(\.path),
        inputFiles: templates,
        outputFiles: [output])
    ]
  }
}
