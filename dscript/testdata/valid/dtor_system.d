/* Exercises: destructive system() with a plain command and with printf-style arguments. */
#pragma D option destructive
#pragma D option quiet

BEGIN
{
	system("date");
}

syscall::kill:entry
/arg1 == 9/
{
	system("logger -t dtrace '%s (%d) sent SIGKILL to %d'", execname, pid, arg0);
}
