3

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 14
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0x8) at BPF pc 14
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 127
