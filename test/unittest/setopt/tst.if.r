                   FUNCTION:NAME
                          :BEGIN   loud                             
                          :BEGIN   still loud                       

-- @@stderr --
dtrace: script 'unittest/setopt/tst.if.d' matched 2 probes
