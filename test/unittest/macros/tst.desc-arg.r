umask umask

