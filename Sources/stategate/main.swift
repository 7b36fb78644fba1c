import Foundation
import StateGateCLI

// A closed pipe (`stategate run | head`) must not kill the run before its results are written:
// writes to it fail instead, and are ignored.
signal(SIGPIPE, SIG_IGN)
exit(StateGate.main(arguments: Array(CommandLine.arguments.dropFirst()), io: .standard).rawValue)
