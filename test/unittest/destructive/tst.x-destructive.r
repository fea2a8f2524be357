                   FUNCTION:NAME
                          :BEGIN allowed


-- @@stderr --
dtrace: script 'unittest/destructive/tst.x-destructive.d' matched 1 probe
dtrace: allowing destructive actions
