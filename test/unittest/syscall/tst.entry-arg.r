umask entry 611

