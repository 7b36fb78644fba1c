import Foundation

/// The environment a test gives a process it starts: its own, with the locale pinned to English.
///
/// A developer's `LANG` picks the language stategate speaks to people, so a test that compares
/// stategate's words must not inherit it; the language tests set the locale they check themselves.
enum EnglishEnvironment {
  /// The variable that outranks `LC_MESSAGES` and `LANG`, and the locale it is pinned to.
  static let pinned = ("LC_ALL", "C.UTF-8")

  /// The test process's environment with `extra` merged over it and the locale pinned.
  static func inherited(adding extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment.merge(extra) { _, new in new }
    environment[pinned.0] = pinned.1
    return environment
  }
}
