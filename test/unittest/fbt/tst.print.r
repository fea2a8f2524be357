0x1 = *
                                            (struct open_how) {
                                             .flags = (__u64)32768,
                                            }
0x1 = *
                                            (struct open_how) {
                                             .flags = (__u64)32768,
                                            }

