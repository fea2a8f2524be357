                   FUNCTION:NAME
                          :BEGIN     -7

-- @@stderr --
dtrace: script 'unittest/trace/tst.short.d' matched 1 probe
