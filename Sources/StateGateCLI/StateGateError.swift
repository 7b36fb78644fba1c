import Contracts
import RecordingImport
import ResultFiles

/// A problem that stops a command, other than a malformed command line.
public enum StateGateError: Error, Equatable, CustomStringConvertible {
  /// A suite file is missing, unreadable or malformed.
  case suite(SuiteReadError)
  /// The filters and subjects selected no case.
  case nothingMatched(String)
  /// stategate itself is broken (for example a built-in resource is missing).
  case internalFailure(String)
  /// A result directory could not be written or read.
  case results(ResultDirectoryError)
  /// Result directories that do not belong together were not merged.
  case mergeRefused(String)
  /// A recording names a subject this build of stategate does not have.
  case unknownRecordedSubject(String)
  /// A file `init` would write exists, and `--force` was not given.
  case wouldOverwrite(path: String)
  /// A file could not be written.
  case cannotWrite(path: String, reason: String)
  /// An input folder or file that does not exist, or is not what the command needs.
  case missingInput(String)
  /// A recording to import is missing, or not a whole, unaltered recording of a known version.
  case recording(RecordingReadError)
  /// A subject's value words cannot carry the cases it would run.
  case valueWords(ValueWordsError)
  /// A subject's adapter cannot be run as it is declared (the reason names the subject and what
  /// to implement).
  case subjectDeclaration(String)

  /// The exit status this error maps to.
  public var status: ExitStatus {
    switch self {
    case .suite(let error):
      switch error.kind {
      case .missing: .missingInput
      case .unreadable: .ioError
      case .malformed: .malformedInput
      }
    case .nothingMatched: .nothingMatched
    case .mergeRefused: .malformedInput
    case .unknownRecordedSubject: .usage
    case .wouldOverwrite: .usage
    case .cannotWrite: .ioError
    case .missingInput: .missingInput
    case .recording(let error): error.kind == .missing ? .missingInput : .malformedInput
    case .valueWords, .subjectDeclaration: .malformedInput
    case .internalFailure: .internalError
    case .results(let error):
      switch error {
      case .missing: .missingInput
      case .unfinished, .malformed: .malformedInput
      case .cannotCreate, .cannotWrite, .cannotFinish: .ioError
      }
    }
  }

  /// The diagnostic, one line.
  public var description: String {
    switch self {
    case .suite(let error): error.description
    case .nothingMatched(let detail): "nothing matched: \(detail)"
    case .internalFailure(let detail): "internal error: \(detail)"
    case .results(let error): error.description
    case .mergeRefused(let reason): reason
    case .wouldOverwrite(let path): "'\(path)' exists; pass --force to replace it"
    case .cannotWrite(let path, let reason): "cannot write '\(path)': \(reason)"
    case .missingInput(let detail): detail
    case .recording(let error): error.description
    case .valueWords(let error): error.description
    case .subjectDeclaration(let reason): reason
    case .unknownRecordedSubject(let name):
      "the recording ran subject '\(name)', which this stategate does not have; pass --subject NAME"
    }
  }
}
