-- @@stderr --
dtrace: failed to compile script unittest/ksym/err.D_IDENT_UNDEF.module.d: [D_IDENT_UNDEF] line 4: failed to resolve ext4`max_pfn: Unknown module name
