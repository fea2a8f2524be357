/* Exercises: sym(), func() and mod() as aggregation keys over kernel addresses. */
profile-199
/arg0/
{
	@funcs[func(arg0)] = count();
	@syms[sym(arg0)] = count();
	@mods[mod(arg0)] = count();
}

END
{
	trunc(@funcs, 20);
	printa("%-40a %@d\n", @funcs);
	printa(@syms);
	printa(@mods);
}
