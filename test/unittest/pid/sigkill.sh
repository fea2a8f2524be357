#!/bin/sh
# dtrace killed with SIGKILL leaves no uprobe behind: the breakpoint its
# entry probe wrote at fn_add3 in the traced process is gone once the
# kernel has closed what dtrace held.
DT=$DTRACE
sh unittest/pid/build.sh
prog=/tmp/dtrace-pid/pidprog
$prog loop &
p=$!
# The looping process goes whatever happens to this script.
trap 'kill -KILL $p 2>/dev/null' EXIT
while ! grep -q libc /proc/$p/maps; do sleep 0.01; done
base=$(awk -v f=$prog '$6 == f && $3 == "00000000" { split($1, a, "-"); print a[1]; exit }' /proc/$p/maps)
sym=$(nm $prog | awk '$3 == "fn_add3" { print $1 }')
addr=$((0x$base + 0x$sym))
byte() { python3 -c "f = open('/proc/$p/mem', 'rb'); f.seek($addr); print(f.read(1).hex())"; }
# wait_byte CMP VALUE: until the byte is (=) or is not (!=) VALUE.
wait_byte() {
	i=0
	while [ "$(byte)" "$1" "$2" ] && [ $i -lt 6000 ]; do sleep 0.01; i=$((i + 1)); done
}
before=$(byte)
$DT -q -p $p -n 'pid$target:a.out:fn_add3:entry { }' &
d=$!
wait_byte != cc
echo "traced: $(byte)"
kill -KILL $d
wait $d 2>/dev/null
wait_byte = cc
[ "$(byte)" = "$before" ] && echo "killed: the instruction is back"
kill $p
wait
