/// How long a `wait` step lets the runner's clock move: a fixed length (`wait 800ms`, `wait 2s`)
/// or one counted from the subject's declared coalescing window (`wait window`,
/// `wait window - 1ms`, `wait window + 1ms`), or, in optimistic-update cases, from the subject's
/// declared write timeout (`wait timeout`, `wait timeout - 1ms`).
///
/// Lengths are whole milliseconds.
public struct WaitLength: Hashable, Sendable, CustomStringConvertible {
  /// Whether the length is counted from the subject's coalescing window.
  public var fromWindow: Bool
  /// The whole length in milliseconds, or, counted from the window, what is added to it.
  public var milliseconds: Int
  /// Whether the length is counted from the subject's write timeout (then ``fromWindow`` is
  /// false).
  public var fromTimeout = false

  /// The longest wait a suite may write: one day.
  public static let longest = 86_400_000

  /// A fixed length.
  ///
  /// - Parameter milliseconds: The length; 0 or more.
  /// - Returns: The length.
  public static func fixed(milliseconds: Int) -> WaitLength {
    WaitLength(fromWindow: false, milliseconds: milliseconds)
  }

  /// The subject's coalescing window plus `offset` milliseconds (negative: less).
  ///
  /// - Parameter offset: Milliseconds added to the window.
  /// - Returns: The length.
  public static func window(plus offset: Int = 0) -> WaitLength {
    WaitLength(fromWindow: true, milliseconds: offset)
  }

  /// The subject's write timeout plus `offset` milliseconds (negative: less).
  ///
  /// - Parameter offset: Milliseconds added to the timeout.
  /// - Returns: The length.
  public static func timeout(plus offset: Int = 0) -> WaitLength {
    WaitLength(fromWindow: false, milliseconds: offset, fromTimeout: true)
  }

  /// The time the step lets pass for a subject whose write timeout is `timeout`: never
  /// negative, and, counted from the timeout when the subject declares none, the offset alone.
  ///
  /// - Parameter timeout: The subject's write timeout, or `nil`.
  /// - Returns: The time that passes.
  public func duration(timeout: Duration?) -> Duration {
    let base = fromTimeout ? (timeout ?? .zero) : .zero
    return max(.zero, base + .milliseconds(milliseconds))
  }

  /// The time the step lets pass for a subject whose window is `window`: never negative, and,
  /// counted from the window when the subject declares none, the offset alone.
  ///
  /// - Parameter window: The subject's coalescing window, or `nil`.
  /// - Returns: The time that passes.
  public func duration(window: Duration?) -> Duration {
    let base = fromWindow ? (window ?? .zero) : .zero
    return max(.zero, base + .milliseconds(milliseconds))
  }

  /// The length as a suite writes it after `wait`.
  public var description: String {
    guard fromWindow || fromTimeout else { return Self.text(milliseconds) }
    let base = fromWindow ? "window" : "timeout"
    switch milliseconds {
    case 0: return base
    case ..<0: return "\(base) - \(Self.text(-milliseconds))"
    default: return "\(base) + \(Self.text(milliseconds))"
    }
  }

  /// `2s` for whole seconds, otherwise `800ms`.
  private static func text(_ milliseconds: Int) -> String {
    milliseconds != 0 && milliseconds % 1000 == 0
      ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"
  }

  /// Reads `800ms` or `2s`: a whole number of milliseconds or seconds, 0 to ``longest``.
  ///
  /// - Parameter text: The written length.
  /// - Returns: The milliseconds, or `nil` when `text` is not such a length.
  public static func milliseconds(reading text: Substring) -> Int? {
    let (digits, scale): (Substring, Int) =
      text.hasSuffix("ms")
      ? (text.dropLast(2), 1) : text.hasSuffix("s") ? (text.dropLast(), 1000) : ("", 0)
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
      let number = Int(digits), number <= longest / scale
    else { return nil }
    return number * scale
  }
}
