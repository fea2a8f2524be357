                   FUNCTION:NAME
                          :BEGIN          42

-- @@stderr --
dtrace: script 'unittest/trace/tst.expr.d' matched 1 probe
