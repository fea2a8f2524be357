done

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 43
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0xffffe8ffffb0c230) at BPF pc 67
