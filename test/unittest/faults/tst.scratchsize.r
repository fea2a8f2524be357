ok
done

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): out of scratch space at BPF pc 38
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid size (0x41) at BPF pc 15
