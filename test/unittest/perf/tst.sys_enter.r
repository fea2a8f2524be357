perf:raw_syscalls::sys_enter 95

