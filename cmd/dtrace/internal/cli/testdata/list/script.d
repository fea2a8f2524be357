/* The probes a script's clauses match, clause after clause. */
syscall::read:entry,
syscall::write:entry
/pid == 1/
{
	trace(arg0);
}

sched_switch, 2
{
	@[probename] = count();
}

dtrace:::END
{
	printa(@);
}
