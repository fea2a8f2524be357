                   FUNCTION:NAME
                          :BEGIN   -2 254    -7     -70000 4000000000         -5000000000

-- @@stderr --
dtrace: script 'unittest/structs/tst.trace-widths.d' matched 1 probe
