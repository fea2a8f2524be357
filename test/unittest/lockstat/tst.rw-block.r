rw-block fired 20 times or more: 1

vmlinux`rwsem_down_write_slowpath+0x588

