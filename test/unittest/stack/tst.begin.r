
              vmlinux`__bpf_prog_test_run_raw_tp+0x6a
              vmlinux`bpf_prog_test_run_raw_tp+0x117
              vmlinux`__sys_bpf+0xa21

