/*
 * @@runtest-opts: -q -c /bin/true
 * -c starts the command; $target is its pid; tracing ends when it exits
 * (quiet: without the notice).
 */
BEGIN
{
	printf("target is another process: %d\n", $target > 0 && $target != $pid);
}

syscall::exit_group:entry
/pid == $target/
{
	printf("target exits\n");
}
