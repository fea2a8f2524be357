                   FUNCTION:NAME
                          :BEGIN v


-- @@stderr --
dtrace: script 'unittest/pragma/tst.not-quiet.d' matched 1 probe
