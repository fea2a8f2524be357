                   FUNCTION:NAME
                          :BEGIN           1
                          :BEGIN           2

-- @@stderr --
dtrace: script 'unittest/begin/tst.two-clauses.d' matched 2 probes
