
  y                                                                 5
  x                                                                15
