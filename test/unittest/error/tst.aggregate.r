
                1                2
                4                2
-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): divide-by-zero at BPF pc 60
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): invalid address (0x0) at BPF pc 91
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): divide-by-zero at BPF pc 60
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): invalid address (0x0) at BPF pc 91
