                   FUNCTION:NAME
                          :BEGIN 

-- @@stderr --
dtrace: script 'unittest/begin/tst.exit-only.d' matched 1 probe
