/* Exercises: trunc() with no count (delete all), positive count (top N) and negative count (bottom N). */
syscall:::entry
{
	@a[probefunc] = count();
	@b[probefunc] = count();
	@c[probefunc] = count();
}

tick-5sec
{
	trunc(@a, 10);
	trunc(@b, -5);
	printa(@a);
	printa(@b);
	trunc(@a);
	trunc(@b);
	trunc(@c);
}
