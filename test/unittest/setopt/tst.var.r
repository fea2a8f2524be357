                   FUNCTION:NAME
                          :BEGIN 
        2                2
        1                1
-- @@stderr --
dtrace: script 'unittest/setopt/tst.var.d' matched 1 probe
