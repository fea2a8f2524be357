
  x                                                                 5
  y                                                                12
