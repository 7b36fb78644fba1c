import CPlatform

#if STATEGATE_TEST_HOOKS
/// Hooks the tests use to reach moments no real input reaches; compiled only into debug (test)
/// builds, so a release binary has none.
package enum PlatformTestHooks {
  /// Makes every fatal signal take `milliseconds` before the process dies, as a slow crash
  /// report does.
  package static func slowCrash(milliseconds: UInt32) {
    stategate_test_slow_crash(milliseconds)
  }
}
#endif
