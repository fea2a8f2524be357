                   FUNCTION:NAME
                          :BEGIN   -2

-- @@stderr --
dtrace: script 'unittest/trace/tst.char.d' matched 1 probe
