                   FUNCTION:NAME
                          :BEGIN  18446744073709551615

-- @@stderr --
dtrace: script 'unittest/trace/tst.uint64.d' matched 1 probe
