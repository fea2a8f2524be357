
  c                                                                 3
  d                                                                 4
