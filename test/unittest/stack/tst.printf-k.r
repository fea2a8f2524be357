user:
ustackprog`c+0xf
ustackprog`b+0x18
kernel:
    vmlinux`syscall_trace_enter+0x180

