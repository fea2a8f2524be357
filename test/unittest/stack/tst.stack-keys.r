

              vmlinux`syscall_trace_enter+0x180
                3

              ustackprog`c+0xf
                3
