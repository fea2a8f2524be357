-- @@stderr --
dtrace: failed to compile script unittest/macros/err.D_MACRO_UNDEF.pragma-after.d: [D_MACRO_UNDEF] line 4: macro argument $1 is not defined
