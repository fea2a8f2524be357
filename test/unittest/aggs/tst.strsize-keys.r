
  xy                                                                1
  dtrace                                                            1
  abcdefgh                                                          1
