fault at 4

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 5492 (profile:::tick-10ms): divide-by-zero at BPF pc 20
