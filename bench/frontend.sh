#!/usr/bin/env bash
# frontend.sh measures the cold-process wall time of the D front end:
#
#   dtrace -e -n 'BEGIN { exit(0); }'
#   dtrace -e -s big.d          (a generated 2,000-line script)
#
# and, when bpftrace is installed, of bpftrace compiling without running
# (--dry-run, or --emit-elf on versions without it) for comparison. It uses
# hyperfine when installed (apt-get install hyperfine) and a plain loop
# otherwise. The targets: under 20 ms for the one-liner, under 50 ms for the
# 2,000-line script. The bpftrace figure is for compiling a one-line program
# (bpftrace's own start-up and code generation), the nearest equivalent it
# has to "dtrace -e".
#
# Usage: bench/frontend.sh [RUNS]      (default 200)
set -euo pipefail

runs=${1:-200}
targets=(20 50) # ms, for the one-liner and the 2,000-line script
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

echo "building dtrace..."
(cd "$root" && CGO_ENABLED=0 go build -o "$work/dtrace" ./cmd/dtrace)
dtrace=$work/dtrace

# A 2,000-line script: 250 clauses of 8 lines using predicates, macros,
# thread-locals, clause-locals, aggregations and printf.
gen_script() {
	local i
	for ((i = 0; i < 250; i++)); do
		if ((i % 2)); then
			echo "dtrace:::END"
		else
			echo "dtrace:::BEGIN"
		fi
		echo "/pid != $i && arg0 < $i/"
		echo "{"
		echo "	this->x = arg1 * $i + 1;"
		echo "	self->t$i = timestamp + this->x;"
		echo "	@a$((i % 7))[\"k\", $i] = sum(this->x);"
		echo "	printf(\"%d %s\\n\", this->x, \"clause $i\");"
		echo "}"
	done
}
gen_script > "$work/big.d"
echo "generated $(wc -l < "$work/big.d")-line script"

# Check that the commands work before timing them.
for args in "-e -n BEGIN{exit(0);}" "-e -s $work/big.d"; do
	# shellcheck disable=SC2086
	if ! "$dtrace" $args > /dev/null 2> "$work/err"; then
		echo "warning: dtrace $args fails; timing it anyway:" >&2
		head -3 "$work/err" >&2
	fi
done

names=("dtrace -e -n" "dtrace -e -s (2000 lines)")
cmds=("$dtrace -e -n 'BEGIN { exit(0); }'" "$dtrace -e -s $work/big.d")
if command -v bpftrace > /dev/null; then
	if bpftrace --help 2>&1 | grep -q -- '--dry-run'; then
		bt="bpftrace --dry-run -e 'BEGIN { exit(); }'"
	else
		# Debian 12's bpftrace 0.17 predates --dry-run; --emit-elf
		# compiles to an object file without loading anything.
		bt="bpftrace --emit-elf $work/bt.elf -e 'BEGIN { exit(); }'"
	fi
	names+=("bpftrace (dry run)")
	cmds+=("$bt")
else
	echo "bpftrace is not installed (apt-get install bpftrace): no comparison" >&2
fi

declare -a means
if command -v hyperfine > /dev/null; then
	hyperfine -N -i --warmup 10 --runs "$runs" --export-csv "$work/out.csv" \
		"${cmds[@]}" > "$work/hyperfine.txt" 2>&1 || {
		cat "$work/hyperfine.txt" >&2
		exit 1
	}
	# command,mean,stddev,median,user,system,min,max (seconds)
	while IFS=, read -r _ mean _; do
		means+=("$(awk -v m="$mean" 'BEGIN { printf "%.2f", m * 1000 }')")
	done < <(tail -n +2 "$work/out.csv" | sed 's/^"[^"]*"//; s/^[^,]*//; s/^/x/')
	tool="hyperfine $(hyperfine --version | awk '{print $2}'), $runs runs"
else
	echo "hyperfine is not installed (apt-get install hyperfine): timing with a loop" >&2
	for c in "${cmds[@]}"; do
		start=$(date +%s%N)
		for ((i = 0; i < runs; i++)); do
			eval "$c" > /dev/null 2>&1 || true
		done
		end=$(date +%s%N)
		means+=("$(awk -v d=$((end - start)) -v n="$runs" 'BEGIN { printf "%.2f", d / n / 1e6 }')")
	done
	tool="shell loop, $runs runs (includes fork/exec of bash's eval)"
fi

echo
echo "cold-process wall time, mean ($tool):"
for i in "${!names[@]}"; do
	printf "  %-28s %8s ms\n" "${names[$i]}" "${means[$i]}"
done
for i in 0 1; do
	verdict=$(awk -v m="${means[$i]}" -v t="${targets[$i]}" 'BEGIN { print (m < t) ? "ok" : "OVER" }')
	printf "  %-28s target < %d ms: %s\n" "${names[$i]}" "${targets[$i]}" "$verdict"
done
if ((${#means[@]} > 2)); then
	for i in 0 1; do
		awk -v a="${means[$i]}" -v b="${means[2]}" -v n="${names[$i]}" \
			'BEGIN { printf "  ratio %-22s / bpftrace: %.2f\n", n, a / b }'
	done
fi
