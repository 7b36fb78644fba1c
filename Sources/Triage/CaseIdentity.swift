/// A case's identity across runs and across the forms one run is read from (a result directory,
/// its `junit.xml`, a Swift Testing stream or its JUnit file): `suite/name`, with `@subject` for
/// stategate's own runs.
package enum CaseIdentity {
  /// The identity of a case.
  package static func of(suite: String, name: String, subject: String?) -> String {
    subject.map { "\(suite)/\(name)@\($0)" } ?? "\(suite)/\(name)"
  }
}
