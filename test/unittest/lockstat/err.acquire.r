-- @@stderr --
dtrace: script 'unittest/lockstat/err.acquire.d' matched 1 probe
dtrace: could not enable tracing: lockstat:::adaptive-acquire fires at mutex_lock's return, and this kernel cannot probe mutex_lock: it has no kprobes (CONFIG_KPROBES) and it refuses fentry programs (operation not permitted)
