extension FailureMessage {
  /// Where a failing step is written, as a person opens it.
  package enum Place: Equatable, Sendable {
    /// A suite file of the user's, at a line: shown `path:line`.
    case file(path: String, line: Int)
    /// A suite built into stategate, at a line; `stategate show-suite NAME` prints it.
    case builtIn(name: String, line: Int)
    /// A line of a suite whose source is not known.
    case line(Int)

    /// The place of `line` in the suite read from `source` (a path, or `builtin:FILE`, as the
    /// manifest records it); ``line(_:)`` when the source is not known.
    ///
    /// - Parameters:
    ///   - source: The suite's source, or `nil`.
    ///   - line: The line in it.
    package init(source: String?, line: Int) {
      guard let source, !source.isEmpty else {
        self = .line(line)
        return
      }
      let builtIn = "builtin:"
      if source.hasPrefix(builtIn) {
        var name = String(source.dropFirst(builtIn.count))
        if name.hasSuffix(".suite") { name.removeLast(".suite".count) }
        self = .builtIn(name: name, line: line)
      } else {
        self = .file(path: source, line: line)
      }
    }

    /// The place as the message's detail line says it: `at Tests/drag.suite:38`, `built-in suite
    /// 'undo-history', line 38: 'stategate show-suite undo-history' prints it`.
    package var detail: String {
      switch self {
      case .file(let path, let line):
        "at \(path):\(line)"
      case .builtIn(let name, let line):
        "built-in suite '\(name)', line \(line): 'stategate show-suite \(name)' prints it"
      case .line(let line):
        "at line \(line) of the suite"
      }
    }
  }
}
