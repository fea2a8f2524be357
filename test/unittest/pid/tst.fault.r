dtrace: error in dt_clause_0 for probe ID ID (pidPID:pidprog:fn_bad:entry): invalid address (0x8) at BPF pc 13
fn_bad returned 1


