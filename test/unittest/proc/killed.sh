#!/bin/sh
# SIGKILL of dtrace kills the command it created: the kernel does, with
# nothing left of dtrace to ask.
DT=$DTRACE
f=$(mktemp)
$DT -q -c 'sleep 30' -n 'BEGIN { printf("%d\n", $target); }' > $f &
d=$!
i=0
while [ ! -s $f ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
t=$(cat $f)
rm -f $f
kill -0 $t && echo "target running"
{ kill -9 $d; wait $d; } 2>/dev/null
# Dying takes a moment: wait until it is a zombie or gone.
state() { sed -n 's/^State:\t\(.\).*/\1/p' /proc/$t/status 2>/dev/null; }
i=0
while [ -n "$(state)" ] && [ "$(state)" != Z ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
case "$(state)" in
""|Z) echo "target gone" ;;
*) echo "target still $(state)"; kill -9 $t ;;
esac
