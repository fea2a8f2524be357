                   FUNCTION:NAME
                          :BEGIN         -42

-- @@stderr --
dtrace: script 'unittest/trace/tst.int-neg.d' matched 1 probe
