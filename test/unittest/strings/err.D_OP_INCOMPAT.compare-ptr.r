-- @@stderr --
dtrace: failed to compile script unittest/strings/err.D_OP_INCOMPAT.compare-ptr.d: [D_OP_INCOMPAT] line 7: operands have incompatible types: "string" != "int *"
