                   FUNCTION:NAME
                      :tick-10ms   tick-10ms                        

-- @@stderr --
dtrace: script 'unittest/tick/tst.trace-probename.d' matched 1 probe
