/*
 * @@runtest-opts: -wq -c unittest/destructive/sleeper.sh
 * stop() stops the process that fired the probe, as SIGSTOP does.
 */
syscall::wait4:entry
/pid == $target && !stopped/
{
	stop();
	stopped = timestamp;
}

tick-10ms
/stopped && timestamp - stopped > 200000000/
{
	system("grep '^State' /proc/%d/status", $target);
	exit(0);
}
