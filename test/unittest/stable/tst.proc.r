create: parent 1, child's parent is the target 1, whole 1
exit child 1
create: parent 1, child's parent is the target 1, whole 1
signal-send SIGKILL to its child 1
exit child 2
create: parent 1, child's parent is the target 1, whole 1
exec /bin/true
exec-success true 1
exit child 1
create: parent 1, child's parent is the target 1, whole 1
exec-failure 2 1
exit child 1
signal-send SIGUSR1 to itself 1 1
signal-handle 10, handler set 1
signal-clear 12 1
lwp-create in the target 1, a new thread 1
lwp-exit 1
exit target 1

