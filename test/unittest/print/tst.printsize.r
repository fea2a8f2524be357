0x1 = *
                                            (struct s) {
                                             .a = (int)1,
                                             .b = (int)2,
                                             ...
                                            }
0x1 = *
                                            (struct s) {
                                             .a = (int)1,
                                             .b = (int)2,
                                             .c = (long)3,
                                            }

