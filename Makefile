# stategate: every target calls a script in ci/ so that CI and people run the same thing.
.PHONY: all deps build test run lint format bench clean

all: build

## deps: install missing system packages (libxml2-dev, pkg-config, libxml2-utils) with apt-get
deps:
	@ci/deps.sh

## build: build every product with warnings treated as errors
build: deps
	swift build -Xswiftc -warnings-as-errors

## test: lint, strict build, and the whole test suite
test: deps
	@ci/test.sh

## run: the main job on the built-in subjects
run: deps
	@ci/run.sh $(ARGS)

## bench: triage a generated 1 GB JUnit file beside xmllint --stream (STATEGATE_BENCH_MB sets the size)
bench: deps
	@ci/bench.sh

## lint: check formatting with swift-format (strict)
lint:
	@ci/lint.sh

## format: format the sources in place
format:
	@ci/format.sh

clean:
	swift package clean
