rawtp:raw_syscalls::sys_exit 626

