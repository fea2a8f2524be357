0x1 = *
                                            (struct s) {
                                             .a = (long)42,
                                             .in = (struct inner) {
                                              .x = (int)-1,
                                              .y = (long)7,
                                             },
                                            }
0x1 = *
                                            (struct path) {
                                             .mnt = (struct vfsmount *)0x1,
                                             .dentry = (struct dentry *)0x1,
                                            }
0x1 = *
                                            (struct path) {
                                             .mnt = (struct vfsmount *)0x1,
                                             .dentry = (struct dentry *)0x1,
                                            }
0x1 = *
                                            (struct path) {
                                             .mnt = (struct vfsmount *)0x1,
                                             .dentry = (struct dentry *)0x1,
                                            }

