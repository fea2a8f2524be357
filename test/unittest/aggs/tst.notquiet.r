                   FUNCTION:NAME
                          :BEGIN 

                1
-- @@stderr --
dtrace: script 'unittest/aggs/tst.notquiet.d' matched 2 probes
