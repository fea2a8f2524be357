-- @@stderr --
dtrace: failed to compile script unittest/print/err.D_PROTO_ARG.scalar.d: [D_PROTO_ARG] line 5: print( ) argument #1 is incompatible with prototype:
	prototype: void *
	 argument: int
