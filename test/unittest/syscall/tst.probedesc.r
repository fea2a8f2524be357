syscall:vmlinux:umask:entry

