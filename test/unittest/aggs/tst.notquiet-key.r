                   FUNCTION:NAME
                          :BEGIN 

        1  a                                                                 2
-- @@stderr --
dtrace: script 'unittest/aggs/tst.notquiet-key.d' matched 1 probe
