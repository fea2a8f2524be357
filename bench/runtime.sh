#!/usr/bin/env bash
# runtime.sh measures dtrace-go's run time against bpftrace, in one run, and
# prints a Markdown table with ratios and the goal of each row:
#
#  1. start-up: dtrace -n 'BEGIN { exit(0); }' vs bpftrace -e 'BEGIN { exit(); }'
#     (hyperfine, mean wall time). Goal: <= 15 ms.
#  2. all-syscalls attach and detach:
#       dtrace -n 'syscall:::entry { @[probefunc] = count(); } tick-1ms { exit(0); }'
#       bpftrace -e 'tracepoint:syscalls:sys_enter_* { @[probe] = count(); } interval:ms:1 { exit(); }'
#     (tick-1ms, not BEGIN: BEGIN fires before the other probes are enabled).
#     bpftrace needs ~25 s here, so it runs once, under a time limit.
#     Goal: <= 100 ms.
#  3. per-event cost: bench/loadgen calls getppid() N times and times itself,
#     untraced, then traced by
#       dtrace -q -n 'syscall::getppid:entry { @[pid] = count(); }'
#       bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @[pid] = count(); }'
#     and by the hand-written cilium/ebpf program in bench/baseline (hash map
#     keyed by pid: lookup, atomic add in place, insert on a miss), attached as
#     a raw tracepoint on sys_enter filtering on getppid's number (the
#     reference) and, for information, on the perf tracepoint
#     syscalls:sys_enter_getppid. Added ns per event = traced - untraced
#     ns/call, medians of several runs, the untraced runs taken right before
#     each traced set. Every traced run is checked: the tracer must have
#     counted exactly N calls for the generator's pid. Goal: <= 1.1x the
#     hand-written raw tracepoint baseline.
#  4. printf throughput: the generator makes M calls while
#       dtrace -q -o FILE -n 'syscall::getppid:entry { printf("%d %s\n", pid, execname); }'
#       bpftrace -o FILE -e 'tracepoint:syscalls:sys_enter_getppid { printf("%d %s\n", pid, comm); }'
#     writes to FILE. Events/s = lines of the generator's pid in FILE / time
#     from the generator's first call to the last growth of FILE (the
#     generator watches FILE's size every ms until it has not grown for 1 s);
#     lost = M - lines. Goal: >= 1,000,000 events/s with nothing lost.
#     4b: lines per CPU-second the tracer spent (user + system, from
#     /usr/bin/time -v): on this 2-CPU VM the wall-time rate follows how
#     much CPU the consumer gets beside the generator and whatever else
#     runs (both tracers' rates fall together, 20x, on a loaded machine);
#     this one does not.
#  5. peak RSS of every dtrace and bpftrace run above (/usr/bin/time -v,
#     "Maximum resident set size"). Goal: <= 15 MB.
#  6. pid provider, attach + detach of every function of libc in one
#     process (a sleep), pid-filtered:
#       dtrace -n 'pid$target:libc.so.6::entry { @ = count(); } tick-1ms { exit(0); }' -p PID
#       bpftrace -p PID -e 'uprobe:/lib/x86_64-linux-gnu/libc.so.6:* { @ = count(); } interval:ms:1 { exit(); }'
#     (hyperfine, mean wall; bpftrace once, with BPFTRACE_MAX_PROBES raised
#     past its default 512, and killed at PID_LIBC_LIMIT: it attaches and
#     detaches one perf-event uprobe at a time, ~100 ms each to detach, and
#     matches every symbol, aliases included). Goal: <= 300 ms, and at
#     least 50x faster than bpftrace.
#  8. stacks, added ns per event (as 3, with the same generator and checks,
#     filtered on its name in both tracers, the counts summed):
#       dtrace -q -n 'syscall::getppid:entry /execname == "loadgen"/ { @[stack()] = count(); }'
#       bpftrace -e 'tracepoint:syscalls:sys_enter_getppid /comm == "loadgen"/ { @[kstack] = count(); }'
#     and the same with ustack() / ustack. Goal: <= bpftrace's.
#  9. a whole user stack unwound with call-frame information:
#     bench/loadgen/deepgen.c calls getppid() at the bottom of a chain of
#     10 calls (stacks of 15 frames), built with -O2 -fomit-frame-pointer,
#     traced by @[ustack()] = count() (dtrace: DWARF unwinding; bpftrace:
#     the kernel's frame-pointer walk, which stops after a frame or two);
#     9a the same program built with frame pointers, whose stacks both
#     tracers unwind whole (the frame-pointer figure).
#     8b: the BPF programs' own run time per event, from the kernel's
#     BPF statistics (bench/bpfstats keeps them enabled meanwhile).
#  7. added ns per call of a probed function: bench/loadgen/callgen.c calls
#     callgen_target N times and times itself, untraced, then run by
#       dtrace -q -c 'callgen N' -n 'pid$target:a.out:callgen_target:entry { @[tid] = count(); }'
#       bpftrace -c 'callgen N' -e 'uprobe:callgen:callgen_target { @[tid] = count(); }'
#     (least of REPS runs each; every traced run must count N calls).
#     Goal: <= bpftrace's.
#
# Must run as root. Installs what is missing with apt-get (bpftrace,
# hyperfine, time, gcc, libc6-dev, jq, procps); needs Go to build dtrace and
# bench/baseline. Everything it starts runs under a time limit and is killed
# on exit.
#
# Usage: bench/runtime.sh
# Environment (defaults in brackets):
#   EVENTS [2000000]        getppid calls per per-event run
#   REPS [5]                runs of the generator per per-event set
#   PRINTF_EVENTS [1000000] getppid calls in the printf runs
#   STARTUP_RUNS [30]       hyperfine runs for dtrace's start-up (bpftrace: 10)
#   ALLSYS_RUNS [10]        hyperfine runs for dtrace's all-syscalls row
#   BPFTRACE_ALLSYS_RUNS [1] the same for bpftrace (~25 s each)
#   TRACER_LIMIT [300]      seconds after which any tracer run is killed
#   CALLS [200000]          callgen calls per run of row 7
#   PID_LIBC_RUNS [10]      hyperfine runs of dtrace's row 6
#   PID_LIBC_LIMIT [300]    seconds bpftrace's row 6 may take
#   DTRACE                  a dtrace binary to measure instead of building one
#   STACK_ONLY              when set, only rows 3, 8 and 9 (their table, then exit)
set -euo pipefail

EVENTS=${EVENTS:-2000000}
REPS=${REPS:-5}
PRINTF_EVENTS=${PRINTF_EVENTS:-1000000}
STARTUP_RUNS=${STARTUP_RUNS:-30}
ALLSYS_RUNS=${ALLSYS_RUNS:-10}
BPFTRACE_ALLSYS_RUNS=${BPFTRACE_ALLSYS_RUNS:-1}
TRACER_LIMIT=${TRACER_LIMIT:-300}
CALLS=${CALLS:-200000}
PID_LIBC_RUNS=${PID_LIBC_RUNS:-10}
PID_LIBC_LIMIT=${PID_LIBC_LIMIT:-300}
# The reference figure of shared/reference/kernel-facts.md, used when
# bench/baseline cannot be built or run.
KERNEL_FACTS_BASELINE_NS=195

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/dtrace-runtime-bench.XXXXXX)
cd "$work"
started=() # pids of the background processes this script started

# kill_tree PID: SIGKILL to PID and all its descendants, leaves first.
kill_tree() {
	local c
	for c in $(pgrep -P "$1" || true); do
		kill_tree "$c"
	done
	kill -KILL "$1" 2> /dev/null || true
}

cleanup() {
	local p
	trap - INT TERM
	for p in "${started[@]}"; do
		kill_tree "$p"
	done
	# What command substitutions left running (hyperfine, the generator).
	for p in $(pgrep -P $$ || true); do
		kill_tree "$p"
	done
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { echo "== $*" >&2; }
warn() { echo "warning: $*" >&2; }

# ---------------------------------------------------------------- set-up

if [[ $EUID -ne 0 ]]; then
	echo "runtime.sh: must run as root (it loads BPF programs)" >&2
	exit 1
fi

missing=()
command -v bpftrace > /dev/null || missing+=(bpftrace)
command -v hyperfine > /dev/null || missing+=(hyperfine)
[[ -x /usr/bin/time ]] || missing+=(time)
command -v gcc > /dev/null || missing+=(gcc)
[[ -e /usr/lib/x86_64-linux-gnu/libc.a || -e /usr/lib/aarch64-linux-gnu/libc.a ]] || missing+=(libc6-dev)
command -v jq > /dev/null || missing+=(jq)
command -v pgrep > /dev/null || missing+=(procps)
if ((${#missing[@]})); then
	log "installing ${missing[*]}"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" > "$work/apt.log" 2>&1 ||
		{ cat "$work/apt.log" >&2; exit 1; }
fi
command -v go > /dev/null || { echo "runtime.sh: go is needed to build dtrace" >&2; exit 1; }

log "building dtrace, bench/baseline and bench/loadgen"
if [[ -n ${DTRACE:-} ]]; then
	dtrace=$(command -v "$DTRACE")
else
	(cd "$root" && CGO_ENABLED=0 go build -o "$work/dtrace" ./cmd/dtrace)
	dtrace=$work/dtrace
fi
have_baseline=1
if ! (cd "$root" && go build -o "$work/baseline" ./bench/baseline) 2> "$work/baseline.build"; then
	warn "bench/baseline does not build; quoting kernel-facts.md's ${KERNEL_FACTS_BASELINE_NS} ns instead"
	cat "$work/baseline.build" >&2
	have_baseline=0
fi
gcc -O2 -static -o "$work/loadgen" "$root/bench/loadgen/loadgen.c" 2> /dev/null ||
	gcc -O2 -o "$work/loadgen" "$root/bench/loadgen/loadgen.c"
loadgen=$work/loadgen
gcc -O2 -o "$work/callgen" "$root/bench/loadgen/callgen.c"
callgen=$work/callgen
(cd "$root" && go build -o "$work/bpfstats" ./bench/bpfstats) || warn "bench/bpfstats does not build: no BPF run times"
gcc -O2 -fomit-frame-pointer -o "$work/deepgen" "$root/bench/loadgen/deepgen.c"
gcc -O2 -fno-omit-frame-pointer -o "$work/deepgen-fp" "$root/bench/loadgen/deepgen.c"
libc=$(ldd "$callgen" | awk '/libc\.so/ { print $3 }')
libc=$(readlink -f "$libc")

# ---------------------------------------------------------------- helpers

declare -A R # results, printed at the end
notes=()     # failures and remarks, printed under the table

# field KEY LINE: the value of KEY=VALUE in LINE.
field() {
	awk -v k="$1" '{ for (i = 1; i <= NF; i++) { n = index($i, "="); if (substr($i, 1, n - 1) == k) print substr($i, n + 1) } }' <<< "$2"
}

median() {
	printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2 }'
}

# rss_mb FILE: "Maximum resident set size" of a /usr/bin/time -v report, in MB.
rss_mb() {
	local kb
	kb=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$1" 2> /dev/null || true)
	if [[ -n $kb ]]; then
		awk -v k="$kb" 'BEGIN { printf "%.1f", k / 1024 }'
	else
		echo "?"
	fi
}

# wall_s FILE: "Elapsed (wall clock) time" of a /usr/bin/time -v report, in s.
wall_s() {
	awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$1"
}

# cpu_s FILE: user + system CPU time of a /usr/bin/time -v report, in s.
cpu_s() {
	awk -F': ' '/User time \(seconds\)|System time \(seconds\)/ { s += $2 } END { print s + 0 }' "$1" 2> /dev/null
}

# fmt_ratio A B: A/B as "0.12x", or "n/a".
fmt_ratio() {
	if [[ $1 =~ ^[0-9.]+$ && $2 =~ ^[0-9.]+$ ]] && awk -v b="$2" 'BEGIN { exit !(b > 0) }'; then
		awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2fx", a / b }'
	else
		echo "n/a"
	fi
}

# le A LIMIT: "yes" if A <= LIMIT, "no" if not, "n/a" if A is not a number.
le() {
	if [[ $1 =~ ^[0-9.]+$ ]]; then
		awk -v a="$1" -v l="$2" 'BEGIN { print (a <= l) ? "yes" : "no" }'
	else
		echo "n/a"
	fi
}

# excerpt FILE: the first lines of FILE, on one line, for the notes.
excerpt() {
	head -c 400 "$1" 2> /dev/null | tr '\n' ' ' | sed 's/|/\\|/g; s/  */ /g'
}

# hyperfine_mean_ms NAME RUNS WARMUP COMMAND [OPTIONS...]: runs hyperfine and
# prints the mean wall time in ms, or "FAILED".
hyperfine_mean_ms() {
	local name=$1 runs=$2 warmup=$3 cmd=$4
	shift 4
	if ((runs < 1)); then
		echo "skipped"
		return 0
	fi
	if timeout -s KILL 900 hyperfine -N --style none --runs "$runs" --warmup "$warmup" "$@" \
		--export-json "$work/$name.json" "$cmd" > "$work/$name.hyperfine" 2>&1; then
		jq -r '.results[0].mean * 1000 | . * 10 | round / 10' "$work/$name.json"
	else
		notes+=("$name: hyperfine failed: $(excerpt "$work/$name.hyperfine")")
		echo "FAILED"
	fi
}

# once NAME LIMIT CMD...: runs CMD once under /usr/bin/time -v and a time
# limit, keeping its output in $work/NAME.{out,err,time}; returns its status.
once() {
	local name=$1 limit=$2
	shift 2
	/usr/bin/time -v -o "$work/$name.time" timeout -s KILL "$limit" "$@" \
		> "$work/$name.out" 2> "$work/$name.err"
}

# start_tracer NAME CMD...: starts CMD in the background under /usr/bin/time
# -v and TRACER_LIMIT; sets TRACER (CMD's own pid) and TIMEPID.
start_tracer() {
	local name=$1
	shift
	rm -f "$work/$name.pid"
	# shellcheck disable=SC2016
	/usr/bin/time -v -o "$work/$name.time" timeout -s KILL "$TRACER_LIMIT" \
		bash -c 'echo $$ > "$0"; exec "$@"' "$work/$name.pid" "$@" \
		> "$work/$name.out" 2> "$work/$name.err" &
	TIMEPID=$!
	started+=("$TIMEPID")
	local i
	for ((i = 0; i < 500; i++)); do
		[[ -s $work/$name.pid ]] && break
		sleep 0.01
	done
	TRACER=$(cat "$work/$name.pid" 2> /dev/null || echo 0)
	started+=("$TRACER")
}

# wait_ready NAME MODE [FILE]: waits until the tracer has attached. MODE fd:
# it holds a BPF link or a perf event fd; MODE text: FILE has a line (bpftrace's
# "Attaching N probes...", baseline's "ready"). Then waits 1 s more. Returns 1
# if the tracer died or 60 s passed.
wait_ready() {
	local name=$1 mode=$2 file=${3:-} i
	for ((i = 0; i < 600; i++)); do
		if ! kill -0 "$TRACER" 2> /dev/null; then
			return 1
		fi
		case $mode in
		fd)
			if ls -l "/proc/$TRACER/fd" 2> /dev/null | grep -qE 'bpf_link|bpf-link|perf_event'; then
				sleep 1
				return 0
			fi
			;;
		text)
			if [[ -s $file ]]; then
				sleep 1
				return 0
			fi
			;;
		esac
		sleep 0.1
	done
	return 1
}

# stop_tracer NAME: SIGINT to the tracer, then waits up to 60 s for it to
# exit (SIGTERM after that, SIGKILL 10 s later); sets STATUS to its exit
# status.
stop_tracer() {
	local name=$1 i
	kill -INT "$TRACER" 2> /dev/null || true
	for ((i = 0; i < 600; i++)); do
		kill -0 "$TRACER" 2> /dev/null || break
		sleep 0.1
	done
	if kill -0 "$TRACER" 2> /dev/null; then
		kill -TERM "$TRACER" 2> /dev/null || true
		for ((i = 0; i < 100; i++)); do
			kill -0 "$TRACER" 2> /dev/null || break
			sleep 0.1
		done
		if kill -0 "$TRACER" 2> /dev/null; then
			notes+=("$name: did not exit within 60 s of SIGINT nor 10 s of SIGTERM; killed")
			kill -KILL "$TRACER" 2> /dev/null || true
		else
			notes+=("$name: did not exit within 60 s of SIGINT; exited on SIGTERM")
		fi
	fi
	STATUS=0
	wait "$TIMEPID" || STATUS=$?
	started=()
}

# count_for PID FILE: the count printed for PID in an aggregation dump
# ("  PID  COUNT", "@[PID]: COUNT" or "PID COUNT"): the last number on its line.
count_for() {
	grep -E "(^|[^0-9])$1([^0-9]|$)" "$2" 2> /dev/null | head -1 | grep -oE '[0-9]+' | tail -1 || true
}

# bpf_ns PID: the run time of the BPF programs process PID holds, in ns
# (the kernel counts it while bench/bpfstats runs).
bpf_ns() {
	cat /proc/"$1"/fdinfo/* 2> /dev/null | awk '/^run_time_ns:/ { s += $2 } END { print s + 0 }'
}

# sum_counts FILE: the sum of the counts of an aggregation keyed by stacks:
# each a number alone on its line (dtrace) or after "]: " (bpftrace).
sum_counts() {
	grep -oE '^[[:space:]]*[0-9]+$|\]: [0-9]+$' "$1" 2> /dev/null | grep -oE '[0-9]+$' |
		awk '{ s += $1 } END { print s + 0 }'
}

# le_ratio A B: "yes" when A <= B (numbers, "?" suffixes ignored), else "no".
le_ratio() {
	if [[ ${1%\?} =~ ^-?[0-9.]+$ && ${2%\?} =~ ^-?[0-9.]+$ ]]; then
		awk -v a="${1%\?}" -v b="${2%\?}" 'BEGIN { print (a <= b) ? "yes" : "no" }'
	else
		echo "n/a"
	fi
}

ms() { [[ $1 =~ ^[0-9.]+$ ]] && echo "$1 ms" || echo "$1"; }
ns() { [[ $1 =~ ^[0-9.]+\??$ ]] && echo "$1 ns" || echo "$1"; }
evs() { [[ $1 =~ ^[0-9]+$ ]] && printf "%'d/s" "$1" 2> /dev/null || echo "$1"; }
mb() { [[ $1 =~ ^[0-9.]+$ ]] && echo "$1 MB" || echo "$1"; }

# stack_rows: the table rows of 8 and 9.
stack_rows() {
	echo "| 8 | \`@[stack()] = count()\` on getppid, added ns/event | $(ns "${R[pe_kd]}") | $(ns "${R[pe_kb]}") (\`@[kstack]\`) | $(fmt_ratio "${R[pe_kd]%\?}" "${R[pe_kb]%\?}") | ≤ bpftrace's | $(le_ratio "${R[pe_kd]}" "${R[pe_kb]}") |"
	echo "| 8a | \`@[ustack()] = count()\` on getppid, added ns/event | $(ns "${R[pe_ud]}") | $(ns "${R[pe_ub]}") (\`@[ustack]\`) | $(fmt_ratio "${R[pe_ud]%\?}" "${R[pe_ub]%\?}") | ≤ bpftrace's | $(le_ratio "${R[pe_ud]}" "${R[pe_ub]}") |"
	echo "| 9 | \`@[ustack()] = count()\`, no frame pointers (deepgen), added ns/event (frames) | $(ns "${R[pe_dwd]}") (${R[frames_dwd]:-?}) | $(ns "${R[pe_dwb]}") (${R[frames_dwb]:-?}) | $(fmt_ratio "${R[pe_dwd]%\?}" "${R[pe_dwb]%\?}") | whole stacks | $([[ ${R[frames_dwd]:-0} -ge 15 ]] && echo yes || echo no) |"
	echo "| 8b | BPF run time per event (kernel statistics), rows 8, 8a, 9, 9a | stack ${R[bpf_kd]:-?}, ustack ${R[bpf_ud]:-?}, 15 frames ${R[bpf_dwd]:-?}, with frame pointers ${R[bpf_dwfpd]:-?} ns | ${R[bpf_kb]:-?}, ${R[bpf_ub]:-?}, ${R[bpf_dwb]:-?}, ${R[bpf_dwfpb]:-?} ns | | - | |"
	echo "| 9a | the same with frame pointers (deepgen-fp), added ns/event (frames) | $(ns "${R[pe_dwfpd]}") (${R[frames_dwfpd]:-?}) | $(ns "${R[pe_dwfpb]}") (${R[frames_dwfpb]:-?}) | $(fmt_ratio "${R[pe_dwfpd]%\?}" "${R[pe_dwfpb]%\?}") | - | |"
}

# ---------------------------------------------------------------- 1. start-up

if [[ -z ${STACK_ONLY:-} ]]; then
log "1. start-up"
d_start_cmd="$dtrace -n 'BEGIN { exit(0); }'"
b_start_cmd="bpftrace -e 'BEGIN { exit(); }'"
R[start_d]=FAILED
R[start_b]=FAILED
st=0
once start_d 30 "$dtrace" -n 'BEGIN { exit(0); }' || st=$?
R[rss_start_d]=$(rss_mb "$work/start_d.time")
if ((st == 0)); then
	R[start_d]=$(hyperfine_mean_ms start_d "$STARTUP_RUNS" 3 "$d_start_cmd")
else
	notes+=("start-up: \`dtrace -n 'BEGIN { exit(0); }'\` failed (status $st): $(excerpt "$work/start_d.err")")
fi
if once start_b 60 bpftrace -e 'BEGIN { exit(); }'; then
	R[rss_start_b]=$(rss_mb "$work/start_b.time")
	R[start_b]=$(hyperfine_mean_ms start_b 10 1 "$b_start_cmd")
else
	R[rss_start_b]=$(rss_mb "$work/start_b.time")
	notes+=("start-up: bpftrace failed: $(excerpt "$work/start_b.err")")
fi

# ---------------------------------------------------------------- 2. all syscalls

log "2. all-syscalls attach and detach"
d_all_prog='syscall:::entry { @[probefunc] = count(); } tick-1ms { exit(0); }'
b_all_prog='tracepoint:syscalls:sys_enter_* { @[probe] = count(); } interval:ms:1 { exit(); }'
R[all_d]=FAILED
R[all_b]=FAILED
st=0
once all_d 120 "$dtrace" -n "$d_all_prog" || st=$?
R[rss_all_d]=$(rss_mb "$work/all_d.time")
if ((st == 0)); then
	R[all_d]=$(hyperfine_mean_ms all_d "$ALLSYS_RUNS" 1 "$dtrace -n '$d_all_prog'")
	probes=$(grep -oE 'matched [0-9]+ probes?' "$work/all_d.err" | head -1 || true)
	[[ -n $probes ]] && notes+=("all-syscalls: dtrace-go's syscall:::entry $probes")
else
	notes+=("all-syscalls: \`dtrace -n '$d_all_prog'\` failed (status $st): $(excerpt "$work/all_d.err")")
fi
# bpftrace: one run (or BPFTRACE_ALLSYS_RUNS) through hyperfine, under
# /usr/bin/time for its RSS and a 120 s limit.
R[all_b]=$(hyperfine_mean_ms all_b "$BPFTRACE_ALLSYS_RUNS" 0 \
	"/usr/bin/time -v -o $work/all_b.time timeout -s INT 120 bpftrace -e '$b_all_prog'" -i)
R[rss_all_b]=$(rss_mb "$work/all_b.time")
if [[ ${R[all_b]} =~ ^[0-9.]+$ ]] && awk -v t="${R[all_b]}" 'BEGIN { exit !(t >= 119000) }'; then
	notes+=("all-syscalls: bpftrace hit the 120 s limit")
fi

fi

# ---------------------------------------------------------------- 3. per-event

log "3. per-event cost ($EVENTS getppid calls, $REPS runs each)"

# gen_runs LABEL: runs the generator REPS times; sets NSPC (the least
# ns/call: other work on the machine only ever adds to a run's time), MED
# (the median) and PIDS (the generators' pids).
gen_runs() {
	local label=$1 i out v=()
	PIDS=()
	for ((i = 0; i < REPS; i++)); do
		out=$(timeout -s KILL 120 "${GEN:-$loadgen}" "$EVENTS")
		echo "   $label: $out" >&2
		v+=("$(field ns_per_call "$out")")
		PIDS+=("$(field pid "$out")")
	done
	NSPC=$(printf '%s\n' "${v[@]}" | sort -g | head -1)
	MED=$(median "${v[@]}")
}

# per_event KEY NAME READY-MODE READY-FILE CMD...: untraced runs, then traced
# runs with CMD attached; sets R[pe_KEY] (added ns/event) and R[rss_pe_KEY].
per_event() {
	local key=$1 name=$2 mode=$3 file=$4 p c bad=0
	shift 4
	R[pe_$key]=FAILED
	R[rss_pe_$key]="?"
	gen_runs "untraced"
	local untraced=$NSPC untraced_med=$MED
	start_tracer "pe_$key" "$@"
	if ! wait_ready "pe_$key" "$mode" "$file"; then
		stop_tracer "pe_$key"
		notes+=("per-event: $name did not attach (status $STATUS): $(excerpt "$work/pe_$key.err") $(excerpt "$work/pe_$key.out")")
		R[rss_pe_$key]=$(rss_mb "$work/pe_$key.time")
		return 0
	fi
	local bpf0 bpf1
	bpf0=$(bpf_ns "$TRACER")
	gen_runs "traced by $name"
	local traced=$NSPC traced_med=$MED
	bpf1=$(bpf_ns "$TRACER")
	if [[ -n ${BPFSTATS_ON:-} ]]; then
		R[bpf_$key]=$(awk -v a="$bpf0" -v b="$bpf1" -v n=$((REPS * EVENTS)) 'BEGIN { printf "%.0f", (b - a) / n }')
	fi
	stop_tracer "pe_$key"
	R[rss_pe_$key]=$(rss_mb "$work/pe_$key.time")
	if ((STATUS != 0)); then
		notes+=("per-event: $name exited with status $STATUS: $(excerpt "$work/pe_$key.err")")
	fi
	if [[ ${CHECK:-pid} == sum ]]; then
		c=$(sum_counts "$work/pe_$key.out")
		if [[ $c != $((REPS * EVENTS)) ]]; then
			bad=1
			notes+=("per-event: $name counted ${c:-nothing} getppid calls in all, not $((REPS * EVENTS))")
		fi
	else
		for p in "${PIDS[@]}"; do
			c=$(count_for "$p" "$work/pe_$key.out")
			if [[ $c != "$EVENTS" ]]; then
				bad=1
				notes+=("per-event: $name counted ${c:-nothing} getppid calls for generator pid $p, not $EVENTS")
			fi
		done
	fi
	R[pe_$key]=$(awk -v t="$traced" -v u="$untraced" 'BEGIN { printf "%.0f", t - u }')
	R[pe_detail_$key]="untraced ${untraced} ns/call, traced ${traced} ns/call (least of ${REPS}); medians ${untraced_med} and ${traced_med}: $(awk -v t="$traced_med" -v u="$untraced_med" 'BEGIN { printf "%.0f", t - u }') ns added"
	if ((bad)); then
		R[pe_$key]="${R[pe_$key]}?"
	fi
}

per_event d "dtrace-go" fd "" \
	"$dtrace" -q -n 'syscall::getppid:entry { @[pid] = count(); }'
per_event b "bpftrace" text "$work/pe_b.out" \
	bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @[pid] = count(); }'
if ((have_baseline)); then
	per_event raw "baseline (raw_tp sys_enter)" text "$work/pe_raw.out" \
		"$work/baseline" -attach rawtp
	per_event tp "baseline (perf tracepoint)" text "$work/pe_tp.out" \
		"$work/baseline" -attach tp
fi
if [[ ${R[pe_raw]:-} =~ ^[0-9]+$ ]]; then
	ref=${R[pe_raw]}
	ref_what="hand-written raw_tp baseline measured now: ${ref} ns"
else
	ref=$KERNEL_FACTS_BASELINE_NS
	ref_what="kernel-facts.md's hand-written baseline: ${ref} ns"
	R[pe_raw]="n/a"
fi

# ---------------------------------------------------------------- 8, 9. stacks

log "8. stacks: added ns per event ($EVENTS getppid calls, $REPS runs each)"
# The kernel's BPF statistics while the stack rows run: the programs' own
# time per event, which other work on the machine moves little.
BPFSTATS_ON=
if [[ -x $work/bpfstats ]]; then
	"$work/bpfstats" > "$work/bpfstats.out" 2>&1 &
	bpfstats_pid=$!
	started+=("$bpfstats_pid")
	for ((i = 0; i < 100; i++)); do
		grep -q ready "$work/bpfstats.out" 2> /dev/null && BPFSTATS_ON=1 && break
		sleep 0.05
	done
fi
CHECK=sum
per_event kd "dtrace-go stack()" fd "" \
	"$dtrace" -q -n 'syscall::getppid:entry /execname == "loadgen"/ { @[stack()] = count(); }'
per_event kb "bpftrace kstack" text "$work/pe_kb.out" \
	bpftrace -e 'tracepoint:syscalls:sys_enter_getppid /comm == "loadgen"/ { @[kstack] = count(); }'
per_event ud "dtrace-go ustack()" fd "" \
	"$dtrace" -q -n 'syscall::getppid:entry /execname == "loadgen"/ { @[ustack()] = count(); }'
per_event ub "bpftrace ustack" text "$work/pe_ub.out" \
	bpftrace -e 'tracepoint:syscalls:sys_enter_getppid /comm == "loadgen"/ { @[ustack] = count(); }'
log "9. whole user stacks of 15 frames: deepgen without and with frame pointers"
for v in deepgen deepgen-fp; do
	GEN=$work/$v
	k=${v/deepgen/dw}
	k=${k/-fp/fp}
	per_event "${k}d" "dtrace-go ustack() ($v)" fd "" \
		"$dtrace" -q -n "syscall::getppid:entry /execname == \"${v:0:15}\"/ { @[ustack()] = count(); }"
	cp "$work/pe_${k}d.out" "$work/stacks_${k}d.out"
	per_event "${k}b" "bpftrace ustack ($v)" text "$work/pe_${k}b.out" \
		bpftrace -e "tracepoint:syscalls:sys_enter_getppid /comm == \"${v:0:15}\"/ { @[ustack] = count(); }"
	cp "$work/pe_${k}b.out" "$work/stacks_${k}b.out"
done
unset GEN CHECK BPFSTATS_ON
[[ -n ${bpfstats_pid:-} ]] && { kill "$bpfstats_pid" 2> /dev/null; wait "$bpfstats_pid" 2> /dev/null || true; }
# frames_of FILE: the frames of the stack counted most often in an
# aggregation dump, dtrace's (a count alone on the line after the frames)
# or bpftrace's ("]: COUNT" after them); a process's first events may be
# unwound before its tables are loaded.
frames_of() {
	awk '/^[[:space:]]*[0-9]+$/ || /\]: [0-9]+$/ {
		if ($NF + 0 > best) { best = $NF + 0; frames = n }
		n = 0
		next
	}
	/`|\+0x|^[[:space:]]*[A-Za-z_.][^ ]*\+[0-9]+$|^[[:space:]]*0x[0-9a-f]+$/ { n++ }
	END { print frames + 0 }' "$1" 2> /dev/null
}
for k in dwd dwb dwfpd dwfpb; do
	R[frames_$k]=$(frames_of "$work/stacks_$k.out")
done

if [[ -n ${STACK_ONLY:-} ]]; then
	echo
	echo "## dtrace-go vs bpftrace $(bpftrace --version 2> /dev/null | awk '{ print $2 }'), $(uname -r), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ), load average $(cut -d' ' -f1-3 /proc/loadavg) (rows 3, 8, 9 only)"
	echo
	echo "| # | measurement | dtrace-go | bpftrace | dtrace-go / bpftrace | goal (dtrace-go) | met |"
	echo "|---|---|---|---|---|---|---|"
	echo "| 3 | per-event, \`@[pid] = count()\` on getppid, added ns/event | $(ns "${R[pe_d]}") | $(ns "${R[pe_b]}") | $(fmt_ratio "${R[pe_d]%\?}" "${R[pe_b]%\?}") | | |"
	stack_rows
	echo
	for k in d b kd kb ud ub dwd dwb dwfpd dwfpb; do
		[[ -n ${R[pe_detail_$k]:-} ]] && echo "- per-event $k: ${R[pe_detail_$k]}"
	done
	for n in "${notes[@]}"; do
		echo "- $n"
	done
	exit 0
fi

# ---------------------------------------------------------------- 4. printf

log "4. printf throughput ($PRINTF_EVENTS getppid calls)"

# printf_run KEY NAME READY-MODE READY-FILE OUTFILE CMD...
printf_run() {
	local key=$1 name=$2 mode=$3 rfile=$4 out=$5 gen t0 t1 lines pid deliver size final
	shift 5
	R[pf_$key]=FAILED
	R[lost_$key]=FAILED
	rm -f "$out"
	start_tracer "pf_$key" "$@"
	if ! wait_ready "pf_$key" "$mode" "$rfile"; then
		stop_tracer "pf_$key"
		notes+=("printf: $name did not attach (status $STATUS): $(excerpt "$work/pf_$key.err")")
		R[rss_pf_$key]=$(rss_mb "$work/pf_$key.time")
		return 0
	fi
	t0=$(date +%s%N)
	gen=$(timeout -s KILL 300 "$loadgen" "$PRINTF_EVENTS" "$out")
	echo "   traced by $name: $gen" >&2
	stop_tracer "pf_$key"
	t1=$(date +%s%N)
	R[rss_pf_$key]=$(rss_mb "$work/pf_$key.time")
	((STATUS == 0)) || notes+=("printf: $name exited with status $STATUS: $(excerpt "$work/pf_$key.err")")
	pid=$(field pid "$gen")
	deliver=$(field deliver_ns "$gen")
	size=$(field size "$gen")
	final=$(stat -c %s "$out" 2> /dev/null || echo 0)
	lines=$(grep -c "^$pid " "$out" || true)
	R[lost_$key]=$((PRINTF_EVENTS - lines))
	if ((final > size + 65536)); then
		# Most of the output came only at exit: count until the tracer exited.
		deliver=$((t1 - t0))
		notes+=("printf: $name wrote most of its output at exit; its rate counts until it exited")
	fi
	R[pf_$key]=$(awk -v l="$lines" -v d="$deliver" 'BEGIN { printf "%.0f", (d > 0) ? l / (d / 1e9) : 0 }')
	# The tracer's own CPU time: what delivering the lines cost it,
	# whatever else the machine ran meanwhile.
	R[pf_cpu_$key]=$(awk -v l="$lines" -v c="$(cpu_s "$work/pf_$key.time")" 'BEGIN { printf "%.0f", (c > 0) ? l / c : 0 }')
	R[pf_detail_$key]="generator $(field ns_per_call "$gen") ns/call; ${lines} lines in $(awk -v d="$deliver" 'BEGIN { printf "%.2f", d / 1e9 }') s"
	if ((lines != PRINTF_EVENTS)); then
		notes+=("printf: $name delivered $lines of $PRINTF_EVENTS lines (stderr: $(excerpt "$work/pf_$key.err"))")
		# What the tracer itself said about the loss (bpftrace: "Lost N events").
		grep -hiE 'lost|drop' "$out" "$work/pf_$key.out" "$work/pf_$key.err" 2> /dev/null | sort | uniq -c | head -3 > "$work/pf_$key.lost" || true
		[[ -s $work/pf_$key.lost ]] && notes+=("printf: $name reported: $(excerpt "$work/pf_$key.lost")")
		[[ -s $work/pf_$key.lost ]] || notes+=("printf: $name reported no loss")
	fi
}

printf_run d "dtrace-go" fd "" "$work/pf_d.txt" \
	"$dtrace" -q -o "$work/pf_d.txt" -n 'syscall::getppid:entry { printf("%d %s\n", pid, execname); }'
printf_run b "bpftrace" text "$work/pf_b.txt" "$work/pf_b.txt" \
	bpftrace -o "$work/pf_b.txt" -e 'tracepoint:syscalls:sys_enter_getppid { printf("%d %s\n", pid, comm); }'

# ---------------------------------------------------------------- 6. pid: all of libc

log "6. pid provider: attach and detach every libc function of one process"
sleep 3600 &
sleeper=$!
started+=("$sleeper")
d_libc_prog='pid$target:libc.so.6::entry { @ = count(); } tick-1ms { exit(0); }'
b_libc_prog="uprobe:$libc:* { @ = count(); } interval:ms:1 { exit(); }"
R[libc_d]=FAILED
R[libc_b]=FAILED
st=0
once libc_d 120 "$dtrace" -n "$d_libc_prog" -p "$sleeper" || st=$?
R[rss_libc_d]=$(rss_mb "$work/libc_d.time")
if ((st == 0)); then
	R[libc_d]=$(hyperfine_mean_ms libc_d "$PID_LIBC_RUNS" 1 "$dtrace -n '$d_libc_prog' -p $sleeper")
	probes=$(grep -oE 'matched [0-9]+ probes?' "$work/libc_d.err" | head -1 || true)
	[[ -n $probes ]] && notes+=("pid, all of libc: dtrace-go's pid\$target:libc.so.6::entry $probes; $(grep -oE '[0-9]+ probes? could not be enabled' "$work/libc_d.err" || echo 'every one enabled')")
else
	notes+=("pid, all of libc: \`dtrace -n '$d_libc_prog'\` failed (status $st): $(excerpt "$work/libc_d.err")")
fi
R[libc_b]=$(hyperfine_mean_ms libc_b 1 0 \
	"/usr/bin/time -v -o $work/libc_b.time timeout -s INT -k 10 $PID_LIBC_LIMIT env BPFTRACE_MAX_PROBES=1000000 bpftrace -p $sleeper -e '$b_libc_prog'" -i)
R[rss_libc_b]=$(rss_mb "$work/libc_b.time")
probes=$(grep -oE 'Attaching [0-9]+ probes' "$work/libc_b.hyperfine" 2> /dev/null | head -1 || true)
[[ -n $probes ]] && notes+=("pid, all of libc: bpftrace: $probes")
if [[ ${R[libc_b]} =~ ^[0-9.]+$ ]] && awk -v t="${R[libc_b]}" -v l="$PID_LIBC_LIMIT" 'BEGIN { exit !(t >= l * 1000) }'; then
	notes+=("pid, all of libc: bpftrace hit the ${PID_LIBC_LIMIT} s limit (then SIGINT, SIGKILL 10 s later): its figure is a lower bound")
	R[libc_b]=">${R[libc_b]}"
fi
kill "$sleeper" 2> /dev/null || true
wait "$sleeper" 2> /dev/null || true
started=()

# ---------------------------------------------------------------- 7. pid: per call

log "7. pid provider: added ns per call ($CALLS calls, $REPS runs each)"

# call_runs LABEL CMD...: runs CMD (which runs callgen, its line in its
# output) REPS times; sets NSPC (the least ns/call), MED, and BAD when a run
# did not count every call (when LABEL is not "untraced").
call_runs() {
	local label=$1 i out v=() c pid
	shift
	BAD=0
	for ((i = 0; i < REPS; i++)); do
		out=$(timeout -s KILL "$TRACER_LIMIT" "$@" 2> "$work/call.err" || true)
		echo "   $label: $(grep -m1 'ns_per_call=' <<< "$out")" >&2
		v+=("$(field ns_per_call "$(grep -m1 'ns_per_call=' <<< "$out")")")
		if [[ $label != untraced ]]; then
			pid=$(field pid "$(grep -m1 'ns_per_call=' <<< "$out")")
			c=$(grep -v 'ns_per_call=' <<< "$out" > "$work/call.out"; count_for "$pid" "$work/call.out")
			if [[ $c != "$CALLS" ]]; then
				BAD=1
				notes+=("per call: $label counted ${c:-nothing} calls for callgen pid $pid, not $CALLS ($(excerpt "$work/call.err"))")
			fi
		fi
	done
	NSPC=$(printf '%s\n' "${v[@]}" | sort -g | head -1)
	MED=$(median "${v[@]}")
}

R[call_d]=FAILED
R[call_b]=FAILED
call_runs untraced "$callgen" "$CALLS"
untraced=$NSPC
call_runs dtrace-go "$dtrace" -q -c "$callgen $CALLS" -n 'pid$target:a.out:callgen_target:entry { @[tid] = count(); }'
if [[ $NSPC =~ ^[0-9.]+$ ]]; then
	R[call_d]=$(awk -v t="$NSPC" -v u="$untraced" 'BEGIN { printf "%.0f", t - u }')
	((BAD)) && R[call_d]="${R[call_d]}?"
	R[call_detail_d]="untraced ${untraced} ns/call, traced ${NSPC} ns/call (least of ${REPS}; median ${MED})"
fi
call_runs bpftrace bpftrace -c "$callgen $CALLS" -e "uprobe:$callgen:callgen_target { @[tid] = count(); }"
if [[ $NSPC =~ ^[0-9.]+$ ]]; then
	R[call_b]=$(awk -v t="$NSPC" -v u="$untraced" 'BEGIN { printf "%.0f", t - u }')
	((BAD)) && R[call_b]="${R[call_b]}?"
	R[call_detail_b]="untraced ${untraced} ns/call, traced ${NSPC} ns/call (least of ${REPS}; median ${MED})"
fi

# ---------------------------------------------------------------- table


pf_ok=n/a
if [[ ${R[pf_d]} =~ ^[0-9]+$ ]]; then
	pf_ok=$(awk -v r="${R[pf_d]}" -v l="${R[lost_d]}" 'BEGIN { print (r >= 1000000 && l == 0) ? "yes" : "no" }')
fi
pe_vs_ref=$(fmt_ratio "${R[pe_d]%\?}" "$ref")
pe_ok=n/a
[[ $pe_vs_ref =~ ^[0-9.]+x$ ]] && pe_ok=$(le "${pe_vs_ref%x}" 1.1)

echo
echo "## dtrace-go vs bpftrace $(bpftrace --version 2> /dev/null | awk '{ print $2 }'), $(uname -r), $(nproc) CPUs, $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "| # | measurement | dtrace-go | bpftrace | dtrace-go / bpftrace | goal (dtrace-go) | met |"
echo "|---|---|---|---|---|---|---|"
echo "| 1 | start-up, \`BEGIN { exit }\`, mean wall | $(ms "${R[start_d]}") | $(ms "${R[start_b]}") | $(fmt_ratio "${R[start_d]}" "${R[start_b]}") | ≤ 15 ms | $(le "${R[start_d]}" 15) |"
echo "| 2 | all-syscalls attach + detach, mean wall | $(ms "${R[all_d]}") | $(ms "${R[all_b]}") | $(fmt_ratio "${R[all_d]}" "${R[all_b]}") | ≤ 100 ms | $(le "${R[all_d]}" 100) |"
echo "| 3 | per-event, \`@[pid] = count()\` on getppid, added ns/event | $(ns "${R[pe_d]}") | $(ns "${R[pe_b]}") | $(fmt_ratio "${R[pe_d]%\?}" "${R[pe_b]%\?}") | ≤ 1.1x hand-written (${ref} ns): ${pe_vs_ref} | ${pe_ok} |"
echo "| 3a | hand-written cilium/ebpf: raw_tp sys_enter + NR filter (reference) | $(ns "${R[pe_raw]}") | | | | |"
echo "| 3b | hand-written cilium/ebpf: perf tracepoint sys_enter_getppid | $(ns "${R[pe_tp]:-n/a}") | | | | |"
echo "| 4 | printf into \`-o FILE\`, events/s delivered | $(evs "${R[pf_d]}") | $(evs "${R[pf_b]}") | $(fmt_ratio "${R[pf_d]}" "${R[pf_b]}") | ≥ 1,000,000/s, nothing lost | ${pf_ok} |"
echo "| 4b | printf: lines per CPU-second of the tracer (its user + system time) | $(evs "${R[pf_cpu_d]:-}") | $(evs "${R[pf_cpu_b]:-}") | $(fmt_ratio "${R[pf_cpu_d]:-}" "${R[pf_cpu_b]:-}") | - | |"
echo "| 4a | printf lines lost, of ${PRINTF_EVENTS} | ${R[lost_d]} | ${R[lost_b]} | | 0 | $([[ ${R[lost_d]} == 0 ]] && echo yes || echo no) |"
libc_x=n/a
if [[ ${R[libc_d]} =~ ^[0-9.]+$ && ${R[libc_b]#>} =~ ^[0-9.]+$ ]]; then
	libc_x=$(awk -v d="${R[libc_d]}" -v b="${R[libc_b]#>}" 'BEGIN { printf "%.0f", b / d }')
	[[ ${R[libc_b]} == ">"* ]] && libc_x=">$libc_x"
fi
libc_ok=n/a
if [[ ${libc_x#>} =~ ^[0-9]+$ ]]; then
	libc_ok=$(awk -v d="${R[libc_d]}" -v x="${libc_x#>}" 'BEGIN { print (d <= 300 && x >= 50) ? "yes" : "no" }')
fi
call_ok=n/a
if [[ ${R[call_d]} =~ ^-?[0-9]+$ && ${R[call_b]%\?} =~ ^-?[0-9]+$ ]]; then
	call_ok=$(awk -v d="${R[call_d]}" -v b="${R[call_b]%\?}" 'BEGIN { print (d <= b) ? "yes" : "no" }')
fi
echo "| 6 | pid: every libc function of one process, attach + detach, mean wall | $(ms "${R[libc_d]}") | ${R[libc_b]} ms | $(fmt_ratio "${R[libc_d]}" "${R[libc_b]#>}") (${libc_x}x faster) | ≤ 300 ms and ≥ 50x faster | ${libc_ok} |"
echo "| 7 | pid: \`@[tid] = count()\` on a function's entry, added ns/call | $(ns "${R[call_d]}") | $(ns "${R[call_b]}") | $(fmt_ratio "${R[call_d]%\?}" "${R[call_b]%\?}") | ≤ bpftrace's | ${call_ok} |"
stack_rows
for t in "start:1 start-up" "all:2 all-syscalls" "pe:3 per-event" "pf:4 printf"; do
	k=${t%%:*}
	label=${t#*:}
	# A failed run's RSS says nothing.
	for w in d b; do
		[[ ${R[${k}_$w]:-} == FAILED ]] && R[rss_${k}_$w]="n/a (failed)"
	done
	echo "| 5 | peak RSS, run ${label} | $(mb "${R[rss_${k}_d]:-?}") | $(mb "${R[rss_${k}_b]:-?}") | $(fmt_ratio "${R[rss_${k}_d]:-}" "${R[rss_${k}_b]:-}") | ≤ 15 MB | $(le "${R[rss_${k}_d]:-}" 15) |"
done
echo "| 5a | peak RSS, run 6 pid all of libc | $(mb "${R[rss_libc_d]:-?}") | $(mb "${R[rss_libc_b]:-?}") | $(fmt_ratio "${R[rss_libc_d]:-}" "${R[rss_libc_b]:-}") | - | |"
echo
echo "Ratios are dtrace-go / bpftrace: below 1 is better for times, costs and RSS, above 1 for events/s."
echo "A \"?\" after a per-event figure means the tracer did not count every call (see notes)."
echo
echo "Details:"
echo "- per-event reference: ${ref_what}"
for k in d b raw tp kd kb ud ub dwd dwb dwfpd dwfpb; do
	[[ -n ${R[pe_detail_$k]:-} ]] && echo "- per-event $k: ${R[pe_detail_$k]}"
done
for k in d b; do
	[[ -n ${R[pf_detail_$k]:-} ]] && echo "- printf $k: ${R[pf_detail_$k]}"
done
for k in d b; do
	[[ -n ${R[call_detail_$k]:-} ]] && echo "- per call $k: ${R[call_detail_$k]}"
done
if ((${#notes[@]})); then
	echo
	echo "Notes:"
	for n in "${notes[@]}"; do
		echo "- $n"
	done
fi
