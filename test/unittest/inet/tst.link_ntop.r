00:1b:21:a0:fe:09
00:1b:21:a0:fe:09:80:00:00:48:fe:80:00:00:00:00:01:02:03:04

-- @@stderr --
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): illegal operation at BPF pc 10
dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): invalid address (0x0) at BPF pc 21
