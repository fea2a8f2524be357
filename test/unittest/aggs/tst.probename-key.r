
  BEGIN                                                             1
  END                                                               1
