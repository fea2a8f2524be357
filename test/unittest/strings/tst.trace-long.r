                   FUNCTION:NAME
                          :BEGIN   abcdefghijklmnopqrstuvwxyz0123456789ABCD

-- @@stderr --
dtrace: script 'unittest/strings/tst.trace-long.d' matched 1 probe
