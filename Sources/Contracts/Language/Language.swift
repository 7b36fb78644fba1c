/// A language stategate speaks to people in: the four the undo/redo action-groups article was
/// published in.
///
/// Only what a person reads to act on a failure is translated (`explain`, the failure classes'
/// definitions, the exit statuses' meanings, the docs' quick start). Machine formats (JUnit,
/// `events.jsonl`, `manifest.json`, `--format json`, annotation titles, class identifiers) never
/// depend on it.
public enum Language: String, CaseIterable, Sendable, Codable {
  /// English, the default.
  case english = "en"
  /// Japanese.
  case japanese = "ja"
  /// Traditional Chinese.
  case traditionalChinese = "zh-Hant"
  /// Korean.
  case korean = "ko"

  /// The environment variables that name the locale, strongest first, as POSIX reads them for
  /// messages.
  public static let localeVariables = ["LC_ALL", "LC_MESSAGES", "LANG"]

  /// The language of the locale `environment` names: the first of ``localeVariables`` that is
  /// set and not empty decides; English for `C`, `POSIX`, an unset locale and any other language.
  ///
  /// - Parameter environment: The process environment.
  /// - Returns: The language.
  public static func ofLocale(in environment: [String: String]) -> Language {
    guard
      let locale = localeVariables.lazy.compactMap({ environment[$0] }).first(where: {
        !$0.isEmpty
      })
    else { return .english }
    return Language(locale: locale) ?? .english
  }

  /// The language of a locale name such as `ja_JP.UTF-8`, `zh_TW`, `zh_Hant_HK` or `ko-KR`, or
  /// `nil` for one stategate does not speak (simplified Chinese among them).
  ///
  /// - Parameter locale: The locale's name, as `LANG` holds it.
  public init?(locale: String) {
    // Drop the codeset and modifier: `ja_JP.UTF-8@calendar` reads as `ja_JP`.
    let name = locale.prefix { $0 != "." && $0 != "@" }
    let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
    switch parts.first {
    case "ja": self = .japanese
    case "ko": self = .korean
    case "zh" where parts.dropFirst().contains(where: { ["hant", "tw", "hk", "mo"].contains($0) }):
      self = .traditionalChinese
    default: return nil
    }
  }
}
