vfs_read entry

