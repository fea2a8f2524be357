
  after exit() on END                                               1
