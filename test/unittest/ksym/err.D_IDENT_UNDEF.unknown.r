-- @@stderr --
dtrace: failed to compile script unittest/ksym/err.D_IDENT_UNDEF.unknown.d: [D_IDENT_UNDEF] line 4: failed to resolve `no_such_kernel_symbol: Unknown symbol name
