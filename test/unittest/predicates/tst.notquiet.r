                   FUNCTION:NAME
                          :BEGIN           2

-- @@stderr --
dtrace: script 'unittest/predicates/tst.notquiet.d' matched 2 probes
