/* Exercises: if/else where both branches are single unbraced statements. */
syscall::openat:return
{
	if (arg0 == -1)
		@fail[execname] = count();
	else
		@ok[execname] = count();
}
