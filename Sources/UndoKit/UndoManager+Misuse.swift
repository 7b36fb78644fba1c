#if !canImport(Darwin)
import Foundation

extension UndoManager {
  /// A call that Apple's `UndoManager` answers with `NSInternalInconsistencyException`.
  ///
  /// Swift cannot raise Objective-C exceptions. By default a misuse traps with Apple's reason text;
  /// under a ``UndoManager/misuseHandler`` it is passed to the handler and the call returns without
  /// changing the manager's state.
  public struct Misuse: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kinds of misuse, one per exception Apple raises.
    public enum Kind: String, CaseIterable, Sendable {
      /// `endUndoGrouping()` with no group open.
      case endWithoutBegin
      /// A registration with no group open and ``UndoManager/groupsByEvent`` off.
      case registrationWithoutGroup
      /// `setActionName(_:)` with no group open and ``UndoManager/groupsByEvent`` off.
      case actionNameWithoutGroup
      /// `setActionIsDiscardable(_:)` with no group open and ``UndoManager/groupsByEvent`` off.
      case discardabilityWithoutGroup
      /// `setActionUserInfoValue(_:forKey:)` with no group open and grouping by event off.
      case userInfoWithoutGroup
      /// `undo()` with a group open that is not the automatic one.
      case undoWithOpenGroups
      /// `undoNestedGroup()` while the most recent group is still open.
      case undoNestedGroupWithOpenGroup
      /// `redo()` while the redo stack's head group is still open, as from inside an undo handler.
      case redoWhileUndoing
      /// `enableUndoRegistration()` without a matching `disableUndoRegistration()`.
      case enableWithoutDisable

      /// The Objective-C selector Apple names at the start of the reason.
      var selector: String {
        switch self {
        case .endWithoutBegin: "_endUndoGroupRemovingIfEmpty:"
        case .registrationWithoutGroup: "_registerUndoObject:"
        case .actionNameWithoutGroup: "_setGroupIdentifier:"
        case .discardabilityWithoutGroup: "setActionIsDiscardable:"
        case .userInfoWithoutGroup: "setActionUserInfoValue:forKey:"
        case .undoWithOpenGroups: "undo"
        case .undoNestedGroupWithOpenGroup: "undoNestedGroup"
        case .redoWhileUndoing: "__redoCommonDoSingle:"
        case .enableWithoutDisable: "enableUndoRegistration"
        }
      }

      /// Apple's description of the invalid state.
      public var problem: String {
        switch self {
        case .endWithoutBegin: "endUndoGrouping called with no matching begin"
        case .registrationWithoutGroup, .actionNameWithoutGroup:
          "must begin a group before registering undo"
        case .discardabilityWithoutGroup:
          "must begin a group before setting undo action discardability"
        case .userInfoWithoutGroup: "must begin a group before setting undo action user info"
        case .undoWithOpenGroups: "undo was called with too many nested undo groups"
        case .undoNestedGroupWithOpenGroup: "call endUndoGrouping before calling this method"
        case .redoWhileUndoing: "do not invoke this method while undoing"
        case .enableWithoutDisable:
          "enableUndoRegistration may only be invoked with matching call to disableUndoRegistration"
        }
      }
    }

    /// Which rule the call broke.
    public let kind: Kind
    /// Apple's exception reason, such as
    /// `_endUndoGroupRemovingIfEmpty:: NSUndoManager 0x… is in invalid state, endUndoGrouping
    /// called with no matching begin`.
    public let reason: String

    /// Creates a misuse of `kind` by the manager identified by `managerID`.
    init(kind: Kind, managerID: ObjectIdentifier) {
      self.kind = kind
      let address = String(UInt(bitPattern: managerID), radix: 16)
      self.reason =
        "\(kind.selector): NSUndoManager 0x\(address) is in invalid state, \(kind.problem)"
    }

    /// The exception reason.
    public var description: String { reason }
  }

  /// The handler that receives misuses instead of trapping, for the current task; `nil` traps.
  ///
  /// Install it with `UndoManager.$misuseHandler.withValue(handler) { ... }`, or use
  /// ``recordingMisuse(_:)``. Not part of Apple's API.
  @TaskLocal public static var misuseHandler: (@MainActor @Sendable (Misuse) -> Void)?

  /// Runs `body` with misuses recorded instead of trapping.
  ///
  /// Not part of Apple's API.
  ///
  /// - Parameter body: The code to run; every misuse in it returns without changing state.
  /// - Returns: What `body` returned and the misuses it caused, in the order they happened.
  /// - Throws: What `body` throws.
  public static func recordingMisuse<Result>(_ body: () throws -> Result) rethrows -> (
    result: Result, misuses: [Misuse]
  ) {
    let log = MisuseLog()
    let result = try $misuseHandler.withValue({ log.misuses.append($0) }, operation: body)
    return (result, log.misuses)
  }

  /// Hands `kind` to the installed handler, or traps with Apple's reason when there is none.
  func reportMisuse(_ kind: Misuse.Kind) {
    let misuse = Misuse(kind: kind, managerID: ObjectIdentifier(self))
    guard let handler = Self.misuseHandler else {
      fatalError("NSInternalInconsistencyException: \(misuse.reason)")
    }
    handler(misuse)
  }
}

/// Collects misuses for ``UndoManager/recordingMisuse(_:)``.
@MainActor
private final class MisuseLog {
  var misuses: [UndoManager.Misuse] = []
}
#endif
