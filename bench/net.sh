#!/usr/bin/env bash
# net.sh measures what tcp:::send and tcp:::receive add to each TCP
# segment, against bpftrace's tracepoints for the same segments, on the
# same traffic: bench/loadgen/netgen.c writes one byte N times over a
# loopback connection (a segment each, and the receiver's ACKs), untraced,
# then traced by
#   dtrace -q -n 'tcp:::send, tcp:::receive { @[probename] = count(); }'
#   bpftrace -e 'tracepoint:net:net_dev_queue { (an IPv4 TCP packet) @[send] = count(); }
#                tracepoint:tcp:tcp_probe { @[receive] = count(); }'
# (on a kernel without function probes tcp:::send fires at net_dev_queue
# for every IP packet carrying TCP, tcp:::receive at tcp_probe: the same
# tracepoints, so both tracers do the same work but for their own). Added
# ns per event = (traced - untraced) / the events the tracer counted,
# medians of RUNS runs, each traced run against the untraced runs around it
# (on a shared, loaded machine this moves by microseconds from run to
# run); and the run time of the tracers' BPF programs per event, which the
# kernel counts (bench/bpfstats keeps its statistics on), whatever else
# the machine runs: each tracer traces the whole machine while netgen
# runs once, its programs' run_time_ns read from /proc/PID/fdinfo before
# it is stopped, divided by the events it counted.
# Usage: bench/net.sh [N] [RUNS]   (as root; installs bpftrace if missing)
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-100000}
RUNS=${2:-5}
export PATH=$PATH:/usr/local/go/bin
command -v bpftrace >/dev/null || apt-get install -y bpftrace >/dev/null
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/netgen" bench/loadgen/netgen.c
go build -o "$tmp/dtrace" ./cmd/dtrace
go build -o "$tmp/bpfstats" ./bench/bpfstats
dscript='tcp:::send, tcp:::receive { @[probename] = count(); }'
bscript='tracepoint:net:net_dev_queue {
	$s = (struct sk_buff *)args->skbaddr;
	$ip = (struct iphdr *)($s->head + $s->network_header);
	if ($s->protocol == 0x0008 && $ip->protocol == 6) { @["send"] = count(); }
}
tracepoint:tcp:tcp_probe { @["receive"] = count(); }'
median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
port=28100
untraced() { port=$((port + 1)); "$tmp/netgen" $port "$N"; }
# Each traced run is paired with the untraced runs before and after it:
# the machine's load moves the untraced time by more than the tracing
# adds, and moves slowly.
: >"$tmp/dt"; : >"$tmp/bt"; : >"$tmp/base"
b0=$(untraced)
for ((i = 0; i < RUNS; i++)); do
	port=$((port + 1))
	out=$("$tmp/dtrace" -q -n "$dscript" -c "$tmp/netgen $port $N")
	b1=$(untraced)
	echo "$out" | awk -v b0="$b0" -v b1="$b1" 'NR == 1 { ns = $1 } NF == 2 { ev += $2 } END { printf "%.0f %d\n", (ns - (b0 + b1) / 2) / ev, ev }' >>"$tmp/dt"
	port=$((port + 1))
	out=$(bpftrace -e "$bscript" -c "$tmp/netgen $port $N" 2>/dev/null)
	b2=$(untraced)
	echo "$out" | awk -v b0="$b1" -v b1="$b2" -F': ' '/^[0-9]+$/ { ns = $1 } /^@/ { ev += $2 } END { printf "%.0f %d\n", (ns - (b0 + b1) / 2) / ev, ev }' >>"$tmp/bt"
	echo "$b0" >>"$tmp/base"
	b0=$b2
done
echo "writes: $N, runs: $RUNS; untraced: $(($(median <"$tmp/base") / N)) ns per write"
echo "dtrace tcp:::send/receive: $(awk '{ print $1 }' "$tmp/dt" | median) ns added per event ($(awk '{ print $2 }' "$tmp/dt" | median) events a run; each run: $(awk '{ print $1 }' "$tmp/dt" | tr '\n' ' '))"
echo "bpftrace net_dev_queue/tcp_probe: $(awk '{ print $1 }' "$tmp/bt" | median) ns added per event ($(awk '{ print $2 }' "$tmp/bt" | median) events a run; each run: $(awk '{ print $1 }' "$tmp/bt" | tr '\n' ' '))"

# The BPF programs' own run time per event.
"$tmp/bpfstats" >"$tmp/bpfstats.out" 2>&1 &
stats=$!
trap 'kill $stats 2>/dev/null; rm -rf "$tmp"' EXIT
until grep -q ready "$tmp/bpfstats.out" 2>/dev/null; do sleep 0.1; done
bpf_ns() { cat /proc/"$1"/fdinfo/* 2>/dev/null | awk '/^run_time_ns:/ { s += $2 } END { print s + 0 }'; }
# progtime NAME OUT CMD...: runs the tracer CMD while netgen runs, then
# prints the run time per event of its programs.
progtime() {
	local name=$1 out=$2
	shift 2
	"$@" >"$out" 2>/dev/null &
	local pid=$!
	sleep 3 # attached
	port=$((port + 1))
	"$tmp/netgen" $port "$N" >/dev/null
	local t
	t=$(bpf_ns $pid)
	kill -INT $pid
	wait $pid || true
	awk -v t="$t" -v name="$name" '/^@/ { sub(/.*: /, ""); ev += $0; next } NF == 2 { ev += $2 }
		END { printf "%s: %.0f ns of BPF program a event (%d events)\n", name, t / ev, ev }' "$out"
}
progtime "dtrace tcp:::send/receive" "$tmp/dt.out" "$tmp/dtrace" -q -n "$dscript"
progtime "bpftrace net_dev_queue/tcp_probe" "$tmp/bt.out" bpftrace -e "$bscript"
