0x1 = *
                                            (struct b) {
                                             .a = (int)7,
                                             .d = (unsigned int)12345,
                                             .z = (char)'q',
                                            }

