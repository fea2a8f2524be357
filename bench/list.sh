#!/usr/bin/env bash
# list.sh measures probe listing against bpftrace's, in one run, and prints
# a Markdown table with ratios and goals:
#
#  1. the whole listing: dtrace -l > /dev/null vs bpftrace -l > /dev/null.
#     Goal: dtrace at least 5x faster.
#  2. one description: dtrace -l -n 'syscall::read*:entry' vs
#     bpftrace -l 'tracepoint:syscalls:sys_enter_read*'. Goal: < 50 ms.
#  3. the whole listing with argument types: dtrace -lv vs bpftrace -lv
#     (for information: bpftrace -lv prints each tracepoint's fields).
#  4. peak RSS of the whole listing (/usr/bin/time -v).
#  5. a process's functions: dtrace -l -n 'pid$target:libc.so.6::entry' -p PID
#     (the pid provider's probes, made on demand) vs
#     bpftrace -l 'uprobe:LIBC:*' (for information).
#
# Times are hyperfine means (wall time), both tools measured alternately in
# the same run. The row counts of each listing are printed too, so that a
# listing cut short cannot look fast.
#
# Must run as root (tracefs). Installs hyperfine, jq and time with apt-get
# when missing, and bpftrace.
#
# Usage: bench/list.sh
# Environment: RUNS [20] hyperfine runs per command; DTRACE: a dtrace binary
# to measure instead of building one.
set -euo pipefail
RUNS=${RUNS:-20}
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/go/bin"

need=()
command -v hyperfine >/dev/null || need+=(hyperfine)
command -v jq >/dev/null || need+=(jq)
command -v bpftrace >/dev/null || need+=(bpftrace)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then
	apt-get install -y -q "${need[@]}" >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
dtrace=${DTRACE:-$work/dtrace}
if [ -z "${DTRACE:-}" ]; then
	CGO_ENABLED=0 go build -o "$dtrace" ./cmd/dtrace
fi

# mean_ms CMD: hyperfine's mean wall time of CMD in milliseconds.
mean_ms() {
	hyperfine -N --warmup 3 --runs "$RUNS" --export-json "$work/h.json" "$1" >/dev/null 2>&1 ||
		hyperfine --warmup 3 --runs "$RUNS" --export-json "$work/h.json" "$1" >/dev/null
	jq '.results[0].mean * 1000' "$work/h.json"
}

# rss_mb CMD...: peak resident set size in MB.
rss_mb() {
	/usr/bin/time -v "$@" 2>&1 >/dev/null | awk '/Maximum resident/ { printf "%.1f", $6 / 1024 }'
}

rows() { "$@" 2>/dev/null | wc -l; }

echo "dtrace -l: $(rows "$dtrace" -l) lines; bpftrace -l: $(rows bpftrace -l) lines"
echo "dtrace -l -n 'syscall::read*:entry': $(rows "$dtrace" -l -n 'syscall::read*:entry') lines; bpftrace -l 'tracepoint:syscalls:sys_enter_read*': $(rows bpftrace -l 'tracepoint:syscalls:sys_enter_read*') lines"

sh_d="sh -c '$dtrace -l >/dev/null'"
sh_b="sh -c 'bpftrace -l >/dev/null 2>&1'"
d_all=$(mean_ms "$sh_d")
b_all=$(mean_ms "$sh_b")
d_one=$(mean_ms "$dtrace -l -n syscall::read*:entry")
b_one=$(mean_ms "bpftrace -l tracepoint:syscalls:sys_enter_read*")
d_v=$(mean_ms "sh -c '$dtrace -lv >/dev/null 2>&1'")
b_v=$(mean_ms "sh -c 'bpftrace -lv >/dev/null 2>&1'")
sleep 600 &
sleeper=$!
trap 'kill $sleeper 2>/dev/null; rm -rf "$work"' EXIT
libc=$(readlink -f "$(ldd /bin/sleep | awk '/libc\.so/ { print $3 }')")
echo "dtrace -l -n 'pid\$target:libc.so.6::entry' -p PID: $(rows "$dtrace" -l -n 'pid$target:libc.so.6::entry' -p "$sleeper") lines; bpftrace -l 'uprobe:$libc:*': $(rows bpftrace -l "uprobe:$libc:*") lines"
d_pid=$(mean_ms "$dtrace -l -n pid\$target:libc.so.6::entry -p $sleeper")
b_pid=$(mean_ms "bpftrace -l uprobe:$libc:*")
d_rss=$(rss_mb "$dtrace" -l)
b_rss=$(rss_mb bpftrace -l)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3fx", a / b }'; }
speedup() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b / a }'; }

echo
echo "| measurement | dtrace-go | bpftrace | ratio | goal |"
echo "|---|---|---|---|---|"
printf "| whole listing (-l) | %.1f ms | %.1f ms | %s (%sx faster) | >= 5x faster: %s |\n" "$d_all" "$b_all" \
	"$(ratio "$d_all" "$b_all")" "$(speedup "$d_all" "$b_all")" \
	"$(awk -v a="$d_all" -v b="$b_all" 'BEGIN { print (b / a >= 5) ? "met" : "NOT met" }')"
printf "| -l -n 'syscall::read*:entry' | %.1f ms | %.1f ms | %s | < 50 ms: %s |\n" "$d_one" "$b_one" \
	"$(ratio "$d_one" "$b_one")" "$(awk -v a="$d_one" 'BEGIN { print (a < 50) ? "met" : "NOT met" }')"
printf "| whole listing with types (-lv) | %.1f ms | %.1f ms | %s | - |\n" "$d_v" "$b_v" "$(ratio "$d_v" "$b_v")"
printf "| peak RSS of -l | %s MB | %s MB | %s | - |\n" "$d_rss" "$b_rss" "$(ratio "$d_rss" "$b_rss")"
printf "| a process's libc functions (-l -n 'pid\$target:libc.so.6::entry' -p; bpftrace -l 'uprobe:LIBC:*') | %.1f ms | %.1f ms | %s | - |\n" "$d_pid" "$b_pid" "$(ratio "$d_pid" "$b_pid")"
