
  y                                                                 1
  z                                                                 2
  x                                                                 3
