-- @@stderr --
dtrace: script 'unittest/rawfbt/err.attach.d' matched 1 probe
dtrace: could not enable tracing: rawfbt probes are not supported by this kernel: it has no kprobes (CONFIG_KPROBES)
