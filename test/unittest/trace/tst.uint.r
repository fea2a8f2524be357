                   FUNCTION:NAME
                          :BEGIN  4000000000

-- @@stderr --
dtrace: script 'unittest/trace/tst.uint.d' matched 1 probe
