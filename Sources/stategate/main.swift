import Foundation
import Platform
import StateGateCLI

/// Asks the C platform layer's start-up code to catch SIGINT, SIGTERM and SIGHUP, and to ignore SIGPIPE and
/// SIGXFSZ, before anything else of the process runs.
///
/// A signal in the first milliseconds is so remembered rather than fatal: the command sees it
/// once it starts and ends interrupted (130). A closed pipe (`stategate run | head`) or a
/// file-size limit makes writes fail (EPIPE, EFBIG), which the commands report, instead of
/// ending the run before its results are written. Workers keep the default actions.
@c(stategate_wants_signals_from_start)
func wantsSignalsFromStart() {}

let status = StateGate.main(arguments: Array(CommandLine.arguments.dropFirst()), io: .standard)
// A command that does not watch for interrupts ran to its end with one caught: the caller asked
// it to stop, so it does not claim success (a command that watched answered the signal itself).
if Interrupts.caughtSignal != nil, !Interrupts.wereWatched {
  FileHandle.standardError.write(Data("stategate: interrupted\n".utf8))
  exit(ExitStatus.interrupted.rawValue)
}
exit(status.rawValue)
