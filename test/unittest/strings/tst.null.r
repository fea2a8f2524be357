1 1 0 1
none c
0 1 1 1 1
0 now set
1 1 1 1

