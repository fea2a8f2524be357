
  ustackprog`c                                                      3
  ustackprog                                                        3
  ustackprog`c                                        ustackprog                                                        3
