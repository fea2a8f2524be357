
  umask                                                             3
