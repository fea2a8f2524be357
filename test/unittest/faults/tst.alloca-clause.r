7
done

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0xffffe8ffffb14050) at BPF pc 26
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0xffffe8ffffb14050) at BPF pc 31
