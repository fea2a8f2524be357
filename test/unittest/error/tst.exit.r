fault at 4

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): divide-by-zero at BPF pc 18
