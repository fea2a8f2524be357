next clause 0

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 1 (dtrace:::BEGIN): index out of bounds (1000) at BPF pc 18
