/*
 * @@runtest-opts: -wq -c unittest/destructive/usr1.sh
 * raise() signals the thread that fired the probe: here the target, whose
 * trap says so and exits, which ends tracing.
 */
syscall::wait4:entry
/pid == $target && !sent/
{
	sent = 1;
	raise(10); /* SIGUSR1 */
}
