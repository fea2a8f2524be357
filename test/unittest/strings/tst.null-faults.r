done

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 75
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 101
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0x3) at BPF pc 104
dtrace: error in dt_clause_3 for probe ID 1 (dtrace:::BEGIN): invalid address (0x81) at BPF pc 118
dtrace: error in dt_clause_4 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 97
