/* Exercises: #pragma D depends_on provider (and multiple depends_on lines). */
#pragma D depends_on provider syscall
#pragma D depends_on provider profile
#pragma D depends_on provider proc

syscall::execve:entry
{
	@[execname] = count();
}

profile:::tick-1sec
{
	printa(@);
}
