                   FUNCTION:NAME
                          :BEGIN x=5

-- @@stderr --
dtrace: script 'unittest/begin/tst.printf-notquiet.d' matched 1 probe
