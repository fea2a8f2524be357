-- @@stderr --
dtrace: failed to compile script unittest/uregs/err.D_PROTO_ARG.variable.d: [D_PROTO_ARG] line 7: uregs[ ] argument #1 is incompatible with prototype:
	prototype: integer constant
	 argument: int
