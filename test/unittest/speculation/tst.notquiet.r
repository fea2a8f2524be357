                   FUNCTION:NAME
                          :BEGIN 
                          :BEGIN           1  speculative                      
                          :BEGIN 

-- @@stderr --
dtrace: script 'unittest/speculation/tst.notquiet.d' matched 5 probes
