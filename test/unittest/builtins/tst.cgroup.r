1
the cgroup of dtrace
0
