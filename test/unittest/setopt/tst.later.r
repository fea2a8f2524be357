
  c                                                                 1
  b                                                                 2
  a                                                                 3

  a                                                                 3
  b                                                                 2
  c                                                                 1

  a                                                                 3
  b                                                                 2
  c                                                                 1

