
  x                                                                 0
