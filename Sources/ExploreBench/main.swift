// The Swift side of `make bench`'s exploration benchmark (ci/bench-explore.sh):
//
//   explore-bench loop SUBJECT SEQUENCES STEPS   a bare loop over the model, nothing checked
//   explore-bench explore [options]              `stategate explore`, with the seed's model as
//                                                subject 'seed-favorites'
//
// SUBJECT is `seed-favorites` (the seed's model alone) or `favorites` (the reference list).
import Contracts
import Foundation
import ReferenceModels
import StateGateCLI

let arguments = Array(CommandLine.arguments.dropFirst())
let seedFavorites = SubjectEntry.optimisticUpdates(
  "seed-favorites", summary: "the seed's FavoriteState per record, and nothing around it"
) { SeedFavorites() }

if arguments.first == "loop", arguments.count == 4, let sequences = Int(arguments[2]),
  let steps = Int(arguments[3])
{
  let reference = arguments[1] == "favorites"
  let start = ProcessInfo.processInfo.systemUptime
  let (total, checksum) = MainActor.assumeIsolated {
    bareLoop(sequences: sequences, stepsPerSequence: steps) {
      reference ? ReferenceFavorites() as any OptimisticUpdateSubject : SeedFavorites()
    }
  }
  let seconds = ProcessInfo.processInfo.systemUptime - start
  print(
    "bare loop: \(arguments[1]): \(total) steps in \(String(format: "%.3f", seconds)) s "
      + "(\(Int(Double(total) / seconds)) steps/s; checksum \(checksum))")
} else if arguments.first == "explore"
  || StateGate.isWorker(environment: ProcessInfo.processInfo.environment)
{
  // Isolated exploration starts this executable again as its workers: they are served by
  // StateGate.main, with the same subjects.
  let status = MainActor.assumeIsolated {
    StateGate.main(
      arguments: arguments, io: .standard, subjects: [seedFavorites] + StateGate.builtInSubjects)
  }
  exit(status.rawValue)
} else {
  FileHandle.standardError.write(
    Data(
      "usage: explore-bench loop SUBJECT SEQUENCES STEPS | explore-bench explore [options]\n".utf8))
  exit(64)
}
