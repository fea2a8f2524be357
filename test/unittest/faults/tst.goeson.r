3 ticks

-- @@stderr --
dtrace: error in dt_clause_0 for probe ID 5492 (profile:::tick-10ms): divide-by-zero at BPF pc 33
dtrace: error in dt_clause_0 for probe ID 5492 (profile:::tick-10ms): divide-by-zero at BPF pc 33
dtrace: error in dt_clause_0 for probe ID 5492 (profile:::tick-10ms): divide-by-zero at BPF pc 33
