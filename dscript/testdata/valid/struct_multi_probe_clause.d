/* Exercises: several comma-separated probe descriptions sharing one clause. */
#pragma D option quiet

syscall::read:entry,
syscall::write:entry,
syscall::pread64:entry,
syscall::pwrite64:entry
{
	@io[probefunc] = count();
}

END
{
	printa("%-12s %@8u\n", @io);
}
