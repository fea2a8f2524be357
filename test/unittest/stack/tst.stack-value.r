
              vmlinux`syscall_trace_enter+0x180
user:
ustackprog`c+0xf
ustackprog`b+0x18
global:
ustackprog`c+0xf
array:
ustackprog`c+0xf
ustackprog`b+0x18


              vmlinux`syscall_trace_enter+0x180
                3

ustackprog`c+0xf
ustackprog`b+0x18
 getppid 3

