-- @@stderr --
dtrace: failed to compile script unittest/stack/err.D_OP_INCOMPAT.stack-value.d: [D_OP_INCOMPAT] line 8: operands have incompatible types: "dt_stack_t" + "int"
