done

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x4f0) at BPF pc 17
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0x6d8) at BPF pc 17
