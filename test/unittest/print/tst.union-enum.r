0x1 = *
                                            (union u) {
                                             .i = (int)65538,
                                             .h = (unsigned short [2]) [
                                              (unsigned short)2,
                                              (unsigned short)1,
                                             ],
                                            }
0x1 = *
                                            (struct last) {
                                             .e = (enum e)7,
                                             .anon = (struct) {
                                              .q = (int)9,
                                             },
                                            }
0x1 = *
                                            (struct last) {
                                            }

