rawfbt vmlinux entry 1
rawfbt vmlinux return 1
not a copy:
