/* Exercises: global associative array storing strings, overwritten and compared. */
syscall::chdir:entry
{
	cwd_of[pid] = copyinstr(arg0);
}

syscall::openat:entry
/cwd_of[pid] != "" && cwd_of[pid] != "/"/
{
	printf("%s in %s\n", copyinstr(arg1), cwd_of[pid]);
}
