umask return 612

