                   FUNCTION:NAME
                          :BEGIN                   -5

-- @@stderr --
dtrace: script 'unittest/trace/tst.longlong.d' matched 1 probe
