dtrace:::ERROR id 3
arg0 0 arg1 1 arg2 1 arg3 14 arg4 1 arg5 48

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0x30) at BPF pc 14
