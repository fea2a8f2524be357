-- @@stderr --
dtrace: failed to compile script unittest/cpc/err.D_PDESC_ZERO.attributes.d: [D_PDESC_ZERO] line 2: probe description cpc:::cpu_clock-all-umask_1-10000000 does not match any probes
