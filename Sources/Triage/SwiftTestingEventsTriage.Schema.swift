extension SwiftTestingEventsTriage {
  /// A schema version of Swift Testing's event stream, as its records' `version` says.
  ///
  /// Each known version is read by the fields it documents; a version stategate does not know is
  /// read as the newest known one and reported, never passed silently.
  enum Schema: Equatable {
    /// `0` (Swift 6.0 to 6.2): issues say `isKnown` only.
    case v0
    /// `"6.3"` (`"6.3.0"` as written): issues say `severity` and `isFailure`; tests may be
    /// cancelled.
    case v63
    /// `"6.4"`: test records carry `tags` and `bugs`, events an `iteration`.
    case v64
    /// Any other value, as written (`99`, `"7.0"`, no `version` at all).
    case unknown(String)

    /// The schema a record's `version` value names.
    init(_ value: Any?) {
      if let number = value as? Int {
        self = number == 0 ? .v0 : .unknown(String(number))
        return
      }
      guard let text = value as? String else {
        self = .unknown(value.map { "\($0)" } ?? "none")
        return
      }
      var parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
      while parts.count > 2, parts.last == "0" { parts.removeLast() }
      switch parts {
      case ["6", "3"]: self = .v63
      case ["6", "4"]: self = .v64
      default: self = .unknown("'\(text)'")
      }
    }

    /// Whether issues carry `severity` and `isFailure`.
    var hasSeverity: Bool {
      switch self {
      case .v0: false
      case .v63, .v64, .unknown: true
      }
    }

    /// Whether test records carry `tags` and `bugs`, and events an `iteration`.
    var hasIterationsAndTraits: Bool {
      switch self {
      case .v0, .v63: false
      case .v64, .unknown: true
      }
    }
  }
}
