                   FUNCTION:NAME
                          :BEGIN quiet

                          :BEGIN   loud                             

-- @@stderr --
dtrace: script 'unittest/setopt/tst.quiet-zero.d' matched 3 probes
