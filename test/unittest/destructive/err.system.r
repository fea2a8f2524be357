-- @@stderr --
dtrace: script 'unittest/destructive/err.system.d' matched 1 probe
dtrace: could not enable tracing: Destructive actions not allowed
