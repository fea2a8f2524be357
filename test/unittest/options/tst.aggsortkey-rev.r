
  c                                                                 1
  b                                                                 3
  a                                                                 2
