                   FUNCTION:NAME
                          :BEGIN  254

-- @@stderr --
dtrace: script 'unittest/trace/tst.uchar.d' matched 1 probe
