arg2 3

-- @@stderr --
dtrace: error in dt_clause_3 for probe ID 1 (dtrace:::BEGIN): divide-by-zero at BPF pc 14
