
  x                                                                 0
  y                                                                 0

