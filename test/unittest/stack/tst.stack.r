
              vmlinux`syscall_trace_enter+0x180
              vmlinux`do_syscall_64+0x1fa
              vmlinux`entry_SYSCALL_64_after_hwframe+0x76

