
  b                                                                 3
  c                                                                 2
  a                                                                 1
