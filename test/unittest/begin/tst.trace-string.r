                   FUNCTION:NAME
                          :BEGIN   hello                            

-- @@stderr --
dtrace: script 'unittest/begin/tst.trace-string.d' matched 1 probe
