                   FUNCTION:NAME
                      :tick-10ms 

-- @@stderr --
dtrace: script 'unittest/tick/tst.notquiet.d' matched 1 probe
