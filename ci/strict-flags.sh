# shellcheck shell=bash
# Sourced by every script that builds in .build (make build, make run, make test, the example
# package): the one list of Swift flags they share, so each reuses the modules the others compiled.
# Warnings are errors. No debug information: it is about a fifth of a clean build's CPU time
# (measured: 562 CPU-seconds with it, 453 without, for `swift build --build-tests`), these builds
# are not debugged, and a crash still names its functions; `swift build` alone keeps it.
# shellcheck disable=SC2034
strict=(-Xswiftc -warnings-as-errors -Xswiftc -gnone)
