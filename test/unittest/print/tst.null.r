fault 1 at 0x1

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x1) at BPF pc 11
