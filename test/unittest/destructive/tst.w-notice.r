                   FUNCTION:NAME
                          :BEGIN 

-- @@stderr --
dtrace: script 'unittest/destructive/tst.w-notice.d' matched 1 probe
dtrace: allowing destructive actions
