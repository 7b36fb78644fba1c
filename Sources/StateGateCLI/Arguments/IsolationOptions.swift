/// The time limits and `--no-isolation`, one group for every command that runs subjects in
/// worker processes.
///
/// `--step-timeout`, `--case-timeout` and `--no-isolation` are declared and read here for `run`,
/// `explore` and `import`. Each command words their help for what it runs; the names, the values
/// they take and the rule that `--no-isolation` takes no time limit are the same everywhere.
struct IsolationOptions: Sendable {
  /// How long one step may run.
  let stepTimeout: Option<Double>
  /// How long one case (or a whole replay) may run.
  let caseTimeout: Option<Double>
  /// Run in this process instead of worker processes.
  let noIsolation: Flag

  /// The group, with each option's help as the command words it.
  init(stepTimeoutHelp: String, caseTimeoutHelp: String, noIsolationHelp: String) {
    stepTimeout = Option(
      "step-timeout", placeholder: "DURATION", help: stepTimeoutHelp,
      parse: OptionValueReader.duration(.limit))
    caseTimeout = Option(
      "case-timeout", placeholder: "DURATION", help: caseTimeoutHelp,
      parse: OptionValueReader.duration(.limit))
    noIsolation = Flag("no-isolation", help: noIsolationHelp)
  }

  /// The three options' table rows, in the order `--help` lists them.
  var specs: [OptionSpec] { [stepTimeout.spec, caseTimeout.spec, noIsolation.spec] }

  /// What a command line gave: in this process, or in workers with the time limits given (`nil`
  /// for a limit not given, which the command defaults).
  enum Choice: Equatable {
    /// `--no-isolation`.
    case inProcess
    /// Worker processes, with the limits given.
    case workers(stepTimeout: Double?, caseTimeout: Double?)
  }

  /// Reads the group from `arguments`.
  ///
  /// - Parameters:
  ///   - arguments: The command's parsed arguments.
  ///   - workerOnly: Further options of the command that only workers take (`run --jobs`).
  /// - Returns: In this process, or in workers with the limits given.
  /// - Throws: ``ArgumentError/conflict(_:_:)`` when `--no-isolation` is given with a time limit
  ///   or one of `workerOnly`; a limit's own value error.
  func read(_ arguments: ParsedArguments, workerOnly: [OptionSpec] = [])
    throws(ArgumentError) -> Choice
  {
    let step = try arguments.value(of: stepTimeout)
    let whole = try arguments.value(of: caseTimeout)
    guard arguments[noIsolation] else { return .workers(stepTimeout: step, caseTimeout: whole) }
    for option in workerOnly + [stepTimeout.spec, caseTimeout.spec] where arguments.isGiven(option)
    {
      throw .conflict(noIsolation.display, "--\(option.long)")
    }
    return .inProcess
  }
}
