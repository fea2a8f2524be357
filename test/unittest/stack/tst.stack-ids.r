

              ustackprog`c+0xf
              ustackprog`b+0x18
                3

              ustackprog`c+0xf
              ustackprog`b+0x18
              ustackprog`a+0x18
              ustackprog`main+0x1c
                6

              vmlinux`syscall_trace_enter+0x180
                9
