-- @@stderr --
dtrace: failed to compile script unittest/macros/err.D_MACRO_UNDEF.desc.d: [D_MACRO_UNDEF] line 2: macro argument $1 is not defined
