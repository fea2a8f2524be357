                   FUNCTION:NAME
                          :BEGIN           1  two                                                 3

-- @@stderr --
dtrace: script 'unittest/trace/tst.mixed.d' matched 1 probe
