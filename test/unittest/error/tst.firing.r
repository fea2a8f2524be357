                   FUNCTION:NAME
                          :ERROR 
                          :BEGIN 

-- @@stderr --
dtrace: script 'unittest/error/tst.firing.d' matched 3 probes
dtrace: error in dt_clause_1 for probe ID 1 (dtrace:::BEGIN): divide-by-zero at BPF pc 17
