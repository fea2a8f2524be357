traced: cc
killed: the instruction is back

