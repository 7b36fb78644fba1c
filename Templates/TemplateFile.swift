/// One file stategate writes for users, compiled in from `Templates/` by the TemplateEmbedding
/// plugin, so `stategate init` and `stategate report` need nothing beside the binary.
package struct TemplateFile: Equatable, Sendable {
  /// The path under `Templates/`, such as `github-actions/stategate.yml`.
  package var path: String
  /// The text, byte for byte.
  package var text: String

  /// Every template, in path order.
  package static let all: [TemplateFile] = embeddedTemplateFiles.map {
    TemplateFile(path: $0.name, text: $0.text)
  }

  /// The template at `path`; a missing one is a programmer error (the files are compiled in).
  package static func named(_ path: String) -> TemplateFile {
    guard let file = all.first(where: { $0.path == path }) else {
      preconditionFailure("no template '\(path)' is compiled in; is it in Templates/?")
    }
    return file
  }
}
