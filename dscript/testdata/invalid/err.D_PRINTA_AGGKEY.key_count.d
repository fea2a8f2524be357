BEGIN /* ERROR D_PRINTA_AGGKEY "^printa\( \): @a and @b do not have matching key signatures: @a has 1 key, @b has 0 keys$" */
{
	@a[1] = count();
	@b = count();
	printa(@a, @b);
}
