clause 1 records nothing
fault 4 in clause 2

-- @@stderr --
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): divide-by-zero at BPF pc 18
