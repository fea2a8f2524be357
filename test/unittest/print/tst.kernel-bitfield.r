0x1 = *
                                            (struct bpf_insn) {
                                             .code = (__u8)133,
                                             .dst_reg = (__u8)3,
                                             .src_reg = (__u8)10,
                                             .imm = (__s32)-1,
                                            }

