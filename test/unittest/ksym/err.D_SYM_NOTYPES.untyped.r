-- @@stderr --
dtrace: failed to compile script unittest/ksym/err.D_SYM_NOTYPES.untyped.d: [D_SYM_NOTYPES] line 4: no symbolic type information is available for vmlinux`totalreserve_pages: No type information available for symbol
