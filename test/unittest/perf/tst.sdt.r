sdt:raw_syscalls::sys_enter

