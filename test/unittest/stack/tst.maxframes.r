
              vmlinux`syscall_trace_enter+0x180

              ustackprog`c+0xf

