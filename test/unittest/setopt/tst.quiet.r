                   FUNCTION:NAME
                          :BEGIN   before                           
                          :BEGIN after
quiet now

-- @@stderr --
dtrace: script 'unittest/setopt/tst.quiet.d' matched 3 probes
