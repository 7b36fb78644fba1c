import Contracts
import Foundation
import PhotoAdapters
import StateGateCLI

// The stock command line with this team's subjects first: they become the defaults of
// 'example-stategate run', and the built-in ones stay available by name.
exit(
  StateGate.main(
    arguments: Array(CommandLine.arguments.dropFirst()), io: .standard,
    subjects: SubjectEntry.photoApp + StateGate.builtInSubjects
  ).rawValue)
