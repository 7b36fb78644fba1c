/// A failure class a run cannot observe on a subject, and why.
public struct UnobservedClass: Hashable, Sendable {
  /// The class no case can assign on the subject.
  public var failureClass: FailureClass
  /// Why it cannot be observed, and what to declare or build so that it can.
  public var reason: String

  /// Creates an unobserved class.
  public init(failureClass: FailureClass, reason: String) {
    self.failureClass = failureClass
    self.reason = reason
  }
}

extension SubjectEntry {
  /// The failure classes no case can observe on this subject, each with why.
  ///
  /// A subject that declares no UI layer of its own (capability `ui-layer`) reports its
  /// UI-facing state from the model — the protocols' defaults do — so a UI that does not follow
  /// the model cannot be seen: every ui-binding check passes by construction.
  @MainActor
  public func unobservedClasses() -> [UnobservedClass] {
    unobservedClasses(declaring: make().capabilities)
  }

  /// The failure classes no case can observe on this subject, given the capabilities a fresh one
  /// declares.
  public func unobservedClasses(declaring capabilities: Set<SubjectCapability>)
    -> [UnobservedClass]
  {
    guard !capabilities.contains(.uiLayer) else { return [] }
    let what =
      switch family {
      case .undoHistory: "the shown value and the Undo/Redo controls"
      case .optimisticUpdates: "the rows' values, saving indicators and tap controls"
      }
    return [
      UnobservedClass(
        failureClass: .uiBinding,
        reason: "ui-binding not checked: '\(name)' declares no UI layer of its own (capability "
          + "ui-layer), so \(what) are read from the model")
    ]
  }
}
