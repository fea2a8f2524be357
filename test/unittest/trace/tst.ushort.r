                   FUNCTION:NAME
                          :BEGIN  65535

-- @@stderr --
dtrace: script 'unittest/trace/tst.ushort.d' matched 1 probe
