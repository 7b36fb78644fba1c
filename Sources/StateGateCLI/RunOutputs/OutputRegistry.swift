/// Every output a recorded run can have, listed once: each command line's outputs are the ones
/// here that want its ``OutputRequest``, in this order.
@MainActor
enum OutputRegistry {
  /// The output types, in the order they take events and the finished run.
  static let outputTypes: [any RunOutput.Type] = [
    ProgressOutput.self,
    ConsoleOutput.self,
    StepSummaryOutput.self,
    CIAnnotationOutput.self,
    EventStreamOutput.self,
  ]

  /// The outputs `request` wants.
  static func outputs(for request: OutputRequest) -> [any RunOutput] {
    outputTypes.compactMap { $0.init(request) }
  }
}
