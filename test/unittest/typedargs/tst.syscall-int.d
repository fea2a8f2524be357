/* @@trigger: while :; do kill -0 -31339 2>/dev/null; sleep 0.1; done */
#pragma D option quiet

/*
 * kill(2)'s first argument is a pid_t: args[0] is an int, its value the
 * register's low 32 bits sign-extended, where arg0 is the whole register.
 */
int done;
syscall::kill:entry
/args[0] == -31339 && !done/
{
	done = 1;
	printf("%d %d %d\n", args[0], args[1], sizeof(args[0]));
	exit(0);
}
