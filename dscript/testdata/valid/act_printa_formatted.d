/* Exercises: printa() with format strings, %@ conversions with widths/flags and key conversions. */
#pragma D option quiet

syscall::write:entry
{
	@bytes[execname, pid] = sum(arg2);
	@calls[execname, pid] = count();
}

END
{
	printf("%-16s %6s %10s\n", "EXEC", "PID", "BYTES");
	printa("%-16s %6d %@10d\n", @bytes);
	printa("%s/%d: %@u calls\n", @calls);
	printa("%-16s %6d %@-10x|\n", @bytes);
}
