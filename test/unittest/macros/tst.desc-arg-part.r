umask:entry

