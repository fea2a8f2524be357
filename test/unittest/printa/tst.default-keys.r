
  a                                                                 1
  b                                                                 1

