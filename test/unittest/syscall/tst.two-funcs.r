umask
kill

