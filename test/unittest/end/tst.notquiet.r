                   FUNCTION:NAME
                          :BEGIN 
                            :END           2

-- @@stderr --
dtrace: script 'unittest/end/tst.notquiet.d' matched 2 probes
