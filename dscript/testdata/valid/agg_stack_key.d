/* Exercises: aggregation keyed by stack() and by (execname, stack(N)). */
profile-99
/arg0/
{
	@k[stack()] = count();
	@ek[execname, stack(10)] = count();
}
