import Foundation

// SuiteEmbedder [--templates ROOT] OUTPUT INPUT...: writes OUTPUT, a Swift file that holds the
// text of every INPUT suite file (see EmbeddedSuitesWriter). The SuiteEmbedding build-tool plugin
// runs it whenever a .suite file of a target that uses the plugin changes. With --templates, the
// files are templates named by their path under ROOT, in `embeddedTemplateFiles` (the
// TemplateEmbedding plugin).

/// Prints `message` as an `error:` line and exits with `status`.
func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("error: \(message)\n".utf8))
  exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var templateRoot: String?
if arguments.first == "--templates", arguments.count > 1 {
  templateRoot = arguments[1].hasSuffix("/") ? arguments[1] : arguments[1] + "/"
  arguments.removeFirst(2)
}
guard let output = arguments.first else {
  fail("usage: SuiteEmbedder [--templates ROOT] OUTPUT.swift INPUT...", status: 64)
}
var files: [(name: String, text: String)] = []
for path in arguments.dropFirst() {
  guard let data = FileManager.default.contents(atPath: path) else {
    fail("'\(path)': cannot read the suite file", status: 66)
  }
  guard let text = String(validating: data, as: UTF8.self) else {
    fail("'\(path)': the suite file is not UTF-8 text", status: 65)
  }
  let name =
    templateRoot.flatMap { root in path.hasPrefix(root) ? String(path.dropFirst(root.count)) : nil }
    ?? URL(fileURLWithPath: path).lastPathComponent
  if files.contains(where: { $0.name == name }) {
    fail("'\(path)': another suite file of this target is also named '\(name)'", status: 65)
  }
  files.append((name, text))
}
files.sort { $0.name < $1.name }
do {
  let source =
    templateRoot == nil
    ? EmbeddedSuitesWriter.source(for: files)
    : EmbeddedSuitesWriter.source(for: files, variable: "embeddedTemplateFiles", kind: "template")
  try Data(source.utf8).write(
    to: URL(fileURLWithPath: output), options: .atomic)
} catch {
  fail("'\(output)': cannot write the generated source: \(error)", status: 74)
}
