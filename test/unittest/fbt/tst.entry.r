fbt:vmlinux:vfs_read:entry dtrace-fbt-file 4321

