-- @@stderr --
dtrace: failed to compile script unittest/strings/err.D_OP_INCOMPAT.index-string.d: [D_OP_INCOMPAT] line 6: operands have incompatible types: "string" + "string"
