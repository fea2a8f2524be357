                   FUNCTION:NAME
                          :BEGIN   a                                
                          :BEGIN   b                                

-- @@stderr --
dtrace: script 'unittest/trace/tst.multi-clause.d' matched 2 probes
