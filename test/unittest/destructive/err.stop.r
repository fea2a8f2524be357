-- @@stderr --
dtrace: script 'unittest/destructive/err.stop.d' matched 2 probes
dtrace: could not enable tracing: Destructive actions not allowed
