
                1                2
                4                2
-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): divide-by-zero at BPF pc 54
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): invalid address (0x0) at BPF pc 83
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): divide-by-zero at BPF pc 54
dtrace: error in dt_clause_1 for probe ID 13 (profile:::tick-100): invalid address (0x0) at BPF pc 83
