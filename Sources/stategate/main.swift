import Foundation
import StateGateCLI

exit(StateGate.main(arguments: Array(CommandLine.arguments.dropFirst()), io: .standard).rawValue)
