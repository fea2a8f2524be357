-- @@stderr --
dtrace: script 'unittest/destructive/err.freopen.d' matched 1 probe
dtrace: could not enable tracing: Destructive actions not allowed
