readers and writers spun 20 times or more: 1
reader 
vmlinux`queued_read_lock_slowpath+0xab
writer 
vmlinux`queued_write_lock_slowpath+0x111

