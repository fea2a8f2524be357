                   FUNCTION:NAME
                          :BEGIN   foo                              

-- @@stderr --
dtrace: script 'unittest/structs/tst.char-array-trace.d' matched 1 probe
