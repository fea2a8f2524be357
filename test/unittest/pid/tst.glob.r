
  glob_one                                                          1
  glob_two                                                          2
  glob_two returned                                                 2
