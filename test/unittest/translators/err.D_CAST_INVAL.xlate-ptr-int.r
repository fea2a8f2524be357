-- @@stderr --
dtrace: failed to compile script unittest/translators/err.D_CAST_INVAL.xlate-ptr-int.d: [D_CAST_INVAL] line 4: invalid cast expression: "pointer to translated data" to "uint64_t"
