hi
done

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 43
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid size (0x186a0) at BPF pc 36
dtrace: error in dt_clause_3 for probe ID 1 (dtrace:::BEGIN): invalid size (0xffffffffffffffff) at BPF pc 40
dtrace: error in dt_clause_4 for probe ID 1 (dtrace:::BEGIN): invalid size (0x18) at BPF pc 59
