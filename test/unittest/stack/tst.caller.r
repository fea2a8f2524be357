  vmlinux`syscall_trace_enter                       
  vmlinux`syscall_trace_enter                       
  vmlinux                                           
vmlinux`syscall_trace_enter+0x180

