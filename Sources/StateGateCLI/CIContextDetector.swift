import Foundation
import ResultSchema

/// Finds where a run happens: the CI system's own variables, else the git checkout.
enum CIContextDetector {
  /// The context from `environment`, or from `git` in the working directory; `nil` if neither.
  static func detect(environment: [String: String]) -> Manifest.CIContext? {
    if let sha = environment["GITHUB_SHA"] {
      return Manifest.CIContext(
        provider: "github-actions", commit: sha, ref: environment["GITHUB_REF"],
        runID: environment["GITHUB_RUN_ID"])
    }
    if let sha = environment["CI_COMMIT_SHA"] {
      return Manifest.CIContext(
        provider: "gitlab", commit: sha, ref: environment["CI_COMMIT_REF_NAME"],
        runID: environment["CI_PIPELINE_ID"])
    }
    if let build = environment["BUILD_NUMBER"] {
      return Manifest.CIContext(
        provider: "jenkins", commit: environment["GIT_COMMIT"], ref: environment["GIT_BRANCH"],
        runID: build)
    }
    guard let commit = git(["rev-parse", "HEAD"]) else { return nil }
    return Manifest.CIContext(
      provider: "git", commit: commit, ref: git(["rev-parse", "--abbrev-ref", "HEAD"]), runID: nil)
  }

  /// Runs git and returns its trimmed output, or `nil` if it fails or is missing.
  static func git(_ arguments: [String]) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return nil
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    return text.isEmpty ? nil : text
  }
}
