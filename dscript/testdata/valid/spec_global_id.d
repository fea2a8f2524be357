/* Exercises: a speculation ID held in a global associative array keyed by pid. */
proc:::exec-success
{
	specs[pid] = speculation();
}

syscall::openat:entry
/specs[pid]/
{
	speculate(specs[pid]);
	printf("%s\n", copyinstr(arg1));
}

proc:::exit
/specs[pid] && arg0 != 0/
{
	commit(specs[pid]);
	specs[pid] = 0;
}

proc:::exit
/specs[pid]/
{
	discard(specs[pid]);
	specs[pid] = 0;
}
