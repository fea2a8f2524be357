#!/bin/sh
# A pattern over every pid in the provider field matches the USDT
# provider in every process, present and future: listed once per object
# under dtgotest*, traced in both usdtprog loops, probeprov naming each
# process's provider.
DT=$DTRACE
sh unittest/usdt/build.sh
/tmp/dtrace-usdt/usdtprog loop &
p1=$!
/tmp/dtrace-usdt/usdtprog loop &
p2=$!
# Both have mapped their objects before dtrace reads them.
while ! grep -q usdtprog /proc/$p1/maps || ! grep -q usdtprog /proc/$p2/maps; do sleep 0.01; done
roles() { sed -e "s/dtgotest$p1\b/dtgotestP1/" -e "s/dtgotest$p2\b/dtgotestP2/" -e "s/\b$p1\b/P1/" -e "s/\b$p2\b/P2/"; }
$DT -l -n 'dtgotest*:::tick' | awk '{ print $2, $3, $4, $5 }' | roles
$DT -q -n 'dtgotest*:::tick /!seen[pid]/ { seen[pid] = 1; printf("%s %d\n", probeprov, pid); }
	dtgotest*:::tick /seen[$1] && seen[$2]/ { exit(0); }' $p1 $p2 | roles | sort
kill $p1 $p2
wait
