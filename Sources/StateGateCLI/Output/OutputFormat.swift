/// The output formats of commands that print reports as text or JSON.
enum OutputFormat: String, CaseIterable, Sendable {
  case text
  case json
}
