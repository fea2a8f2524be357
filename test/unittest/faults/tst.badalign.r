aligned store 7, unaligned load 117440512
a char store is never misaligned

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): invalid alignment (0xffffe8ffffc1ab1b) at BPF pc 67
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid alignment (0xffffe8ffffc1ab34) at BPF pc 67
dtrace: error in dt_clause_3 for probe ID 1 (dtrace:::BEGIN): invalid alignment (0xffffe8ffffc1ab4a) at BPF pc 64
