                   FUNCTION:NAME
                          :BEGIN   a                                  b                                

-- @@stderr --
dtrace: script 'unittest/strings/tst.trace-two.d' matched 1 probe
