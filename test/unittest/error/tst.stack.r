
              vmlinux`syscall_trace_enter+0x180

              ustackprog`c+0xf
              ustackprog`b+0x18
              ustackprog`a+0x18
              ustackprog`main+0x48
vmlinux`syscall_trace_enter+0x180 3
vmlinux`syscall_trace_enter+0x180 1

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 237 (syscall:vmlinux:getppid:entry): divide-by-zero at BPF pc 40
