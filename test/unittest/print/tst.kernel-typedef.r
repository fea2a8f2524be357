0x1 = *
                                            (kuid_t) {
                                            }
0x1 = *
                                            (uid_t)0,

