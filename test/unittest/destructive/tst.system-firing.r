                   FUNCTION:NAME
                          :BEGIN hello


-- @@stderr --
dtrace: script 'unittest/destructive/tst.system-firing.d' matched 1 probe
dtrace: allowing destructive actions
