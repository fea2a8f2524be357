BEGIN /* ERROR D_PRINTA_AGGPROTO "^printa\( \): @b\[ \] key #1 is incompatible with @a:\n        a key #1: int\n        b key #1: string$" */
{
	@a[1] = count();
	@b["x"] = count();
	printa(@a, @b);
}
