                   FUNCTION:NAME
                          :BEGIN 
                1


-- @@stderr --
dtrace: script 'unittest/printa/tst.notquiet.d' matched 1 probe
