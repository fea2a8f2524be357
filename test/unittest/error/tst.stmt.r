ERROR arg1 1 arg2 1
ERROR arg1 2 arg2 2

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): divide-by-zero at BPF pc 23
dtrace: error in dt_clause_2 for probe ID 2 (dtrace:::END): divide-by-zero at BPF pc 23
