/* Exercises: printa() of several aggregations with identical keys in one format string. */
#pragma D option quiet

syscall::read:return,
syscall::write:return
/(int)arg0 >= 0/
{
	@cnt[probefunc] = count();
	@tot[probefunc] = sum(arg0);
	@avg[probefunc] = avg(arg0);
	@max[probefunc] = max(arg0);
}

END
{
	printf("%-8s %8s %12s %10s %10s\n", "FUNC", "COUNT", "BYTES", "AVG", "MAX");
	printa("%-8s %@8d %@12d %@10d %@10d\n", @cnt, @tot, @avg, @max);
	printa(@cnt, @tot);
}
