#!/usr/bin/env bash
# The project's test command (README.md): it installs what the tests need
# on a fresh Debian machine (.ci/deps: compilers, qemu and the guest
# kernels, prometheus, postgresql...), then checks formatting and vet, and
# runs every test. Run it as root: the tests trace. Privileged tests may
# skip on a machine without BPF, except here: this command requires BPF,
# so a skip for want of it is a failure.
set -euo pipefail
cd "$(dirname "$0")"
export PATH="$PATH:/usr/local/go/bin"
export DTRACE_TEST_REQUIRE_BPF=1

.ci/deps

unformatted=$(git ls-files --cached --others --exclude-standard '*.go' | grep -v '^grammar/parser/' | xargs -r gofmt -l)
if [ -n "$unformatted" ]; then
	echo "gofmt -l reports unformatted files:" >&2
	echo "$unformatted" >&2
	exit 1
fi
go vet ./...
# No wall-clock bound on a package's tests (-timeout 0): the tests of
# kernel-function probes emulate qemu guests (internal/vm), whose time
# grows with the machine's load, and bound themselves by their progress
# instead (a guest that prints nothing for a while on a clock the load
# slows is stopped and fails). The wall-clock bound is CI's own.
go test -count=1 -timeout 0 ./...
# The race detector over what two compilations or two handles at once
# share: the root package's TestConcurrentHandles (two handles compiling
# and running in two goroutines) and the packages of the compiler and of
# the sinks, whose tables are package-level (two minutes on 2 cores with
# an empty build cache, half a minute with a warm one). -short
# leaves out the megabyte inputs of the nesting limits' tests, which the
# run above has tried and which take minutes under the race detector.
go test -race -short -count=1 -run '^TestConcurrentHandles$' .
go test -race -short -count=1 ./dscript ./dscript/check ./dscript/codegen ./dscript/parse ./sink/...
