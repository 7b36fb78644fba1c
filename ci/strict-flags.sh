# shellcheck shell=bash
# Sourced by every script that builds in .build (make build, make run, make test, the example
# package): the one list of Swift flags they share, so each reuses the modules the others compiled.
# Warnings are errors. No debug information: it is about a fifth of a clean build's CPU time
# (measured: 562 CPU-seconds with it, about 450 without, for `swift build --build-tests`), these
# builds are not debugged, and a fatal error still names its file and line; `swift build` alone
# keeps it.
# shellcheck disable=SC2034
strict=(-Xswiftc -warnings-as-errors -Xswiftc -gnone)
