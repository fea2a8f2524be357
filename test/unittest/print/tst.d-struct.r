0x1 = *
                                            (struct s) {
                                             .a = (long)42,
                                             .name = (char [8]) [
                                              (char)'h',
                                              (char)'i',
                                             ],
                                             .in = (struct inner) {
                                              .x = (int)-1,
                                              .y = (long)7,
                                             },
                                             .c = (enum color)BLUE,
                                             .p = (int *)0x1,
                                             .u = (unsigned long)18446744073709551615,
                                             .arr = (short [3]) [
                                              (short)1,
                                              (short)3,
                                             ],
                                             .uc = (unsigned char)200,
                                            }

