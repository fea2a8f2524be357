3 ticks

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 13 (profile:::tick-100): divide-by-zero at BPF pc 29
dtrace: error in dt_clause_0 for probe ID 13 (profile:::tick-100): divide-by-zero at BPF pc 29
dtrace: error in dt_clause_0 for probe ID 13 (profile:::tick-100): divide-by-zero at BPF pc 29
