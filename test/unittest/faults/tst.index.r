0 0

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): index out of bounds (4) at BPF pc 15
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): index out of bounds (-1) at BPF pc 18
