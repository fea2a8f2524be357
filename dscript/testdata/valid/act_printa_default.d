/* Exercises: printa() with default formatting for many aggregating functions. */
syscall::read:return
/(int)arg0 >= 0/
{
	@c[execname] = count();
	@s[execname] = sum(arg0);
	@a[execname] = avg(arg0);
	@mn[execname] = min(arg0);
	@mx[execname] = max(arg0);
	@q[execname] = quantize(arg0);
}

END
{
	printa(@c);
	printa(@s);
	printa(@a);
	printa(@mn);
	printa(@mx);
	printa(@q);
}
