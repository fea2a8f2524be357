-- @@stderr --
dtrace: failed to compile script unittest/uregs/err.D_UNKNOWN.bounds.d: [D_UNKNOWN] line 6: uregs[]: index out of bounds (42)
