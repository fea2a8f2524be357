z 101
done

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): illegal operation at BPF pc 103
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): illegal operation at BPF pc 99
