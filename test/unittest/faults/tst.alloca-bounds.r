1 2
done

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0xffffe8ffffd2213c) at BPF pc 50
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0xffffe8ffffd22148) at BPF pc 50
dtrace: error in dt_clause_3 for probe ID 1 (dtrace:::BEGIN): invalid address (0xffffe8ffffd2213c) at BPF pc 53
dtrace: error in dt_clause_4 for probe ID 1 (dtrace:::BEGIN): invalid size (0x8) at BPF pc 47
