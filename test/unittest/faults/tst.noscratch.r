done

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): out of scratch space at BPF pc 21
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid size (0x186a0) at BPF pc 12
