fault 3 in clause 1
fault 3 in clause 2
tracing goes on

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): illegal operation at BPF pc 10
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): illegal operation at BPF pc 10
