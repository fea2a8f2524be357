/* Exercises: predicates using string equality and inequality on execname. */
#pragma D option quiet

syscall::execve:entry
/execname == "bash" || execname == "sh"/
{
	printf("%s[%d] exec\n", execname, pid);
}

syscall::exit_group:entry
/execname != "dtrace"/
{
	printf("%s exiting with %d\n", execname, (int)arg0);
}
