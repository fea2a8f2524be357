                   FUNCTION:NAME
                          :BEGIN           1

-- @@stderr --
dtrace: script 'unittest/begin/tst.begin.d' matched 1 probe
