second handler

-- @@stderr --
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 14
dtrace: 1 error in ERROR probe enabling
