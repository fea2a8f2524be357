-- @@stderr --
dtrace: script 'unittest/return/err.destructive.d' matched 1 probe
dtrace: could not enable tracing: Destructive actions not allowed
