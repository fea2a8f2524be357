
    ustackprog`c+0xf
    ustackprog`b+0x18

    vmlinux`syscall_trace_enter+0x180

