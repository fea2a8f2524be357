-- @@stderr --
dtrace: failed to compile script unittest/print/err.D_PROTO_ARG.dvar.d: [D_PROTO_ARG] line 11: print( ) argument #1 is incompatible with prototype:
	prototype: void *
	 argument: struct foo
