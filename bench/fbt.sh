#!/usr/bin/env bash
# Measures fbt inside a qemu guest running Debian's 6.12 kernel (fetched by
# .ci/vm-kernels): attach and detach of fbt::vfs_*:entry and fbt:::entry
# against a hand-written cilium/ebpf kprobe_multi program, and the
# nanoseconds fbt::vfs_read:entry adds to a read(2) with fentry and with
# kprobes (bench/fbtguest). Under emulation (TCG), the figures are slower
# than a real machine's; compare them with each other.
# Usage: bench/fbt.sh [fbtguest flags]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
CGO_ENABLED=0 go build -o "$work/bin/fbtguest" ./bench/fbtguest
go build -o "$work/bin/vmexec" ./internal/vm/vmexec
mkdir "$work/run"
cd "$work/run"
"$work/bin/vmexec" -kernel 6.12 -stall 30m "$work/bin/fbtguest" "$@"
