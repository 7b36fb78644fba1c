import Contracts
import Foundation
import StateGateCLI

// The stock command line with this team's subjects first: they become the defaults of
// 'example-stategate run', and the built-in ones stay available by name.
let subjects: [SubjectEntry] =
  [
    .undoHistory("brightness", summary: "BrightnessEditor (PhotoModels)") { BrightnessSubject() },
    .optimisticUpdates("album", summary: "AlbumFavorites (PhotoModels)") { AlbumSubject() },
  ] + StateGate.builtInSubjects

exit(
  StateGate.main(
    arguments: Array(CommandLine.arguments.dropFirst()), io: .standard, subjects: subjects
  ).rawValue)
