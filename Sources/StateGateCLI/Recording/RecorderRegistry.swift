/// Every output a recorded run can have, listed once: each command line's recorders are the ones
/// here that want its ``RecorderRequest``, in this order.
@MainActor
enum RecorderRegistry {
  /// The recorder types, in the order they take events and the finished run.
  static let recorderTypes: [any RunEventRecording.Type] = [
    ProgressRecorder.self,
    ConsoleRecorder.self,
    StepSummaryRecorder.self,
    CIAnnotationRecorder.self,
    EventStreamRecorder.self,
  ]

  /// The recorders `request` wants.
  static func recorders(for request: RecorderRequest) -> [any RunEventRecording] {
    recorderTypes.compactMap { $0.init(request) }
  }
}
