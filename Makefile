# stategate: every target calls a script in ci/ so that CI and people run the same thing.
.PHONY: all deps build test run lint format bench soak install uninstall dist clean

# install: where the binary goes ($(DESTDIR)$(PREFIX)/bin/stategate); DESTDIR is for packaging.
PREFIX ?= /usr/local
DESTDIR ?=
# dist: where the archive is written.
DIST_DIR ?= dist

all: build

## deps: install missing system packages (libxml2-dev, libsqlite3-dev, libzstd-dev, sqlite3,
## pkg-config, libxml2-utils) with apt-get
deps:
	@ci/deps.sh

## build: build every product with warnings treated as errors (ci/strict-flags.sh)
build: deps
	@ci/build.sh

## test: lint, strict build, and the whole test suite
test: deps
	@ci/test.sh

## run: the main job on the built-in subjects
run: deps
	@ci/run.sh $(ARGS)

## bench: the speed and memory targets (ci/bench.sh): triage beside xmllint --stream on three 1 GB
## JUnit shapes, run time at 1k and 10k cases, steps/s and peak memory at 1 million steps, triage
## of a 10k-test .xcresult beside the sqlite3 tool (STATEGATE_BENCH_ONLY picks sections, STATEGATE_BENCH_MB sizes the files, STATEGATE_BENCH_RUNS
## repeats); then explore beside Hypothesis and a bare Swift loop (ci/bench-explore.sh)
bench: deps
	@ci/bench.sh
	@ci/bench-explore.sh

## soak: every correct test model passes the built-in suites and 60 s of explore under seeds 1, 2
## and 3 (STATEGATE_SOAK_SECONDS changes the 60; STATEGATE_SOAK_ONLY=NAME soaks one model)
soak: deps
	STATEGATE_SOAK_SECONDS=$${STATEGATE_SOAK_SECONDS:-60} swift test --filter CorrectModelSoakTests

## install: build stategate (static Swift runtime), install it as $(DESTDIR)$(PREFIX)/bin/stategate
install: deps
	@ci/install.sh "$(PREFIX)" "$(DESTDIR)"

## uninstall: remove $(DESTDIR)$(PREFIX)/bin/stategate
uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/stategate"

## dist: write $(DIST_DIR)/stategate-VERSION-linux-ARCH.tar.gz (binary, LICENSE, README, CHANGELOG, docs with its language folders)
dist: deps
	@ci/dist.sh "$(DIST_DIR)" >/dev/null

## lint: check formatting with swift-format (strict)
lint:
	@ci/lint.sh

## format: format the sources in place
format:
	@ci/format.sh

clean:
	swift package clean
