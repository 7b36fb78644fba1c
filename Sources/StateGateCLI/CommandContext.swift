import Contracts

/// What every subcommand receives besides its arguments: output, environment, clock, and the
/// subjects this build of stategate knows.
public struct CommandContext: Sendable {
  /// Where output goes and what the environment holds.
  public var io: CommandIO
  /// The subjects `--subject` can name; the first of each family is the default.
  public var subjects: [SubjectEntry]

  /// Creates a context.
  public init(io: CommandIO, subjects: [SubjectEntry]) {
    self.io = io
    self.subjects = subjects
  }

  /// The default subjects: the first one of each family, in catalogue order.
  public var defaultSubjects: [SubjectEntry] {
    var seen: Set<ContractFamily> = []
    return subjects.filter { seen.insert($0.family).inserted }
  }
}
