/// A value an optimistic-update record holds, as a recorder names it: `off`, `on`, or one of the
/// words the app declared (``SessionRecorder/values``), by its index.
///
/// Get one once with ``SessionRecorder/value(named:)`` and keep it, or pass the word itself
/// (``RecordableValue``); either costs no allocation per event.
public struct RecordedValue: Hashable, Sendable {
  /// The value's index: 0 `off`, 1 `on`, then the declared words in order; ``undeclared`` for a
  /// word the recorder was not told.
  public let index: UInt8

  @usableFromInline
  init(index: UInt8) {
    self.index = index
  }

  /// A two-valued record's unset value.
  public static let off = RecordedValue(index: 0)
  /// A two-valued record's set value.
  public static let on = RecordedValue(index: 1)
  /// A word the app did not declare: the event is recorded with `?` for the value, and
  /// `stategate import` leaves it out, saying so.
  public static let undeclared = RecordedValue(index: 0xFF)

  /// Whether the value is one only a recording that requires `values` can hold.
  @usableFromInline
  var isBeyondOnOff: Bool { index >= 2 && index != 0xFF }
}

/// A way an app names an optimistic record's value to a recorder: a Boolean (`on`/`off`), a
/// declared word such as `"requested"`, or a ``RecordedValue``.
///
/// Naming a value looks it up among the words the recorder was created with and allocates
/// nothing; a word it was not told is ``RecordedValue/undeclared``.
public protocol RecordableValue {
  /// The value as `recorder` names it.
  ///
  /// - Parameter recorder: The recorder that records it.
  /// - Returns: Its index among the recorder's values, or ``RecordedValue/undeclared``.
  func recordedValue(in recorder: SessionRecorder) -> RecordedValue
}

extension Bool: RecordableValue {
  /// `on` for `true`, `off` for `false`.
  ///
  /// - Parameter recorder: The recorder (unused: every recorder knows on and off).
  /// - Returns: ``RecordedValue/on`` or ``RecordedValue/off``.
  public func recordedValue(in recorder: SessionRecorder) -> RecordedValue {
    self ? .on : .off
  }
}

extension String: RecordableValue {
  /// The declared value of this word (`on`, `off`, `yes`, `no`, `true`, `false` included).
  ///
  /// - Parameter recorder: The recorder whose declared words are searched.
  /// - Returns: The value, or ``RecordedValue/undeclared``.
  public func recordedValue(in recorder: SessionRecorder) -> RecordedValue {
    recorder.value(named: self) ?? .undeclared
  }
}

extension RecordedValue: RecordableValue {
  /// The value itself.
  ///
  /// - Parameter recorder: The recorder (unused).
  /// - Returns: `self`.
  public func recordedValue(in recorder: SessionRecorder) -> RecordedValue {
    self
  }
}
