/*
 * @@runtest-opts: -q -c /bin/true -c unittest/proc/short.sh
 * With two -c, tracing ends once both commands have exited.
 */
syscall::exit_group:entry
/ppid == $pid/
{
	@ = count();
}

END
{
	printa("%@d commands exited\n", @);
}
