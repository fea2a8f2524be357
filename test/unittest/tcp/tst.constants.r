0 state-idle
1 state-established
2 state-syn-sent
3 state-syn-received
4 state-fin-wait-1
5 state-fin-wait-2
6 state-time-wait
7 state-closed
8 state-close-wait
9 state-last-ack
10 state-listen
11 state-closing
<unknown>
1 2 4 8 10 20 40 80
0 1 6 17 41 58
TCP UDP ICMPv6 253
0 1 2

