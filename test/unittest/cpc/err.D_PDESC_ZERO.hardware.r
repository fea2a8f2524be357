-- @@stderr --
dtrace: failed to compile script unittest/cpc/err.D_PDESC_ZERO.hardware.d: [D_PDESC_ZERO] line 5: probe description cpc:::instructions-all-10000000 does not match any probes
