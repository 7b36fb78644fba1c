/// A named list of contract cases for one family, read from a suite file.
public struct ContractSuite: Hashable, Sendable {
  /// The suite's id, such as `undo-history`.
  public var id: String
  /// The family its cases belong to.
  public var family: ContractFamily
  /// A one-line title.
  public var title: String
  /// Where the suite was read from (a path, or `builtin:<file>`).
  public var source: String
  /// The cases, in file order.
  public var cases: [ContractCase]

  /// Creates a suite.
  public init(
    id: String, family: ContractFamily, title: String, source: String, cases: [ContractCase]
  ) {
    self.id = id
    self.family = family
    self.title = title
    self.source = source
    self.cases = cases
  }
}

/// One contract case: a sequence of steps run against a fresh subject.
///
/// A case read from a suite file keeps its steps packed (a few bytes a step), so a suite of a
/// million steps costs megabytes, not hundreds of them; ``steps`` unpacks them on every read, so
/// code that walks them reads them once into a local.
public struct ContractCase: Hashable, Sendable {
  /// The case's id, unique within its suite, such as `grouped-drag`.
  public var id: String
  /// A one-line description of the behaviour the case checks.
  public var title: String
  /// The capabilities a subject needs for the case to apply.
  public var requirements: [SubjectCapability]
  /// The line of the case's header in the suite file.
  public var line: Int
  var storage: StepStorage

  /// How a case holds its steps.
  enum StepStorage: Hashable, Sendable {
    case expanded([ContractStep])
    case packed(PackedSteps)
  }

  /// The steps, in order.
  public var steps: [ContractStep] {
    get {
      switch storage {
      case .expanded(let steps): steps
      case .packed(let packed): packed.steps
      }
    }
    set {
      storage = .expanded(newValue)
    }
    _modify {
      var steps = self.steps
      storage = .expanded([])
      defer { storage = .expanded(steps) }
      yield &steps
    }
  }

  /// How many steps the case has, without unpacking them.
  public var stepCount: Int {
    switch storage {
    case .expanded(let steps): steps.count
    case .packed(let packed): packed.count
    }
  }

  /// Whether a step states expectations under one answer of a product rule (an `under` line),
  /// without unpacking the steps.
  public var hasVariants: Bool {
    switch storage {
    case .expanded(let steps): steps.contains { !$0.variants.isEmpty }
    case .packed(let packed): packed.hasVariants
    }
  }

  /// The case as it judges a subject declaring `capabilities`: every step
  /// ``ContractStep/resolved(under:)``; the case itself when no step has variants.
  ///
  /// - Parameter capabilities: The subject's capabilities, its product rules' answers included.
  /// - Returns: The case, each step with one list of expectations.
  public func resolved(under capabilities: Set<SubjectCapability>) -> ContractCase {
    guard hasVariants else { return self }
    var resolved = self
    resolved.steps = steps.map { $0.resolved(under: capabilities) }
    return resolved
  }

  /// Keeps the steps packed from now on (setting ``steps`` unpacks them again).
  public mutating func packSteps() {
    if case .expanded(let steps) = storage {
      storage = .packed(PackedSteps(steps))
    }
  }

  /// Creates a case.
  public init(
    id: String, title: String, requirements: [SubjectCapability] = [], steps: [ContractStep],
    line: Int = 0
  ) {
    self.id = id
    self.title = title
    self.requirements = requirements
    self.storage = .expanded(steps)
    self.line = line
  }

  public static func == (left: ContractCase, right: ContractCase) -> Bool {
    guard left.id == right.id, left.title == right.title, left.requirements == right.requirements,
      left.line == right.line, left.stepCount == right.stepCount
    else { return false }
    if case .packed(let leftSteps) = left.storage, case .packed(let rightSteps) = right.storage,
      leftSteps == rightSteps
    {
      return true
    }
    return left.steps == right.steps
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(id)
    hasher.combine(title)
    hasher.combine(requirements)
    hasher.combine(line)
    hasher.combine(stepCount)
  }
}

extension ContractCase {
  /// The case as the text of a suite that holds only it: what the suite reader reads back as the
  /// same case (line numbers aside).
  ///
  /// - Parameters:
  ///   - suiteID: The suite's id.
  ///   - family: The suite's family.
  /// - Returns: The suite text, one step per line.
  public func suiteText(suiteID: String, family: ContractFamily) -> String {
    var lines = ["suite \(suiteID) family \(family.rawValue)"]
    let requires =
      requirements.isEmpty ? "" : " requires " + requirements.map(\.rawValue).joined(separator: " ")
    lines.append("case \(id) \"\(title)\"\(requires)")
    let stepLines = steps.flatMap { [$0.text] + $0.variants.map(\.text) }
    if family == .optimisticUpdates, let values = SuiteReader.valuesLine(forCaseLines: stepLines) {
      lines.append(values)
    }
    for step in steps {
      lines.append("  \(step.text)")
      lines += step.variants.map { "    \($0.text)" }
    }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// One step: an action, the values to keep for later steps, and what must hold right after it.
public struct ContractStep: Hashable, Sendable {
  /// The action to perform.
  public var action: ContractAction
  /// The expectations stated for this step (the family's invariants are checked too).
  public var expectations: [Expectation]
  /// The values observed after this step and kept under a name for this and later steps.
  public var captures: [Capture]
  /// The step's line in the suite file.
  public var line: Int
  /// What the step expects instead under one answer of a product rule (`under` lines), in file
  /// order; ``resolved(under:)`` merges those of a subject's answers into ``expectations``.
  public var variants: [ExpectationVariant]

  /// Creates a step.
  public init(
    action: ContractAction, expectations: [Expectation] = [], captures: [Capture] = [],
    line: Int = 0, variants: [ExpectationVariant] = []
  ) {
    self.action = action
    self.expectations = expectations
    self.captures = captures
    self.line = line
    self.variants = variants
  }

  /// The step as it judges a subject declaring `capabilities`: each variant whose answer the
  /// subject gives replaces the step's expectations of the keys it states (and adds the others);
  /// the step keeps no variants.
  ///
  /// - Parameter capabilities: The subject's capabilities, its product rules' answers included.
  /// - Returns: The step with one list of expectations.
  public func resolved(under capabilities: Set<SubjectCapability>) -> ContractStep {
    guard !variants.isEmpty else { return self }
    var step = self
    step.variants = []
    for variant in variants where variant.applies(to: capabilities) {
      for expectation in variant.expectations {
        if let index = step.expectations.firstIndex(where: { $0.key == expectation.key }) {
          step.expectations[index] = expectation
        } else {
          step.expectations.append(expectation)
        }
      }
    }
    return step
  }

  /// The step as a suite writes it: the action, then `=>` and its captures and expectations.
  public var text: String {
    let stated = captures.map(\.description) + expectations.map(\.description)
    return stated.isEmpty ? action.description : "\(action) => \(stated.joined(separator: " "))"
  }
}
