/* @@trigger: while :; do /usr/bin/printf '\376\200\0\0\0\0\0\0\0\0\0\0\0\0\0\1\0\0\0\0\0' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/* The address family in a variable, chosen at run time. */
int done;
syscall::write:entry
/execname == "printf" && arg2 == 21 && !done/
{
	done = 1;
	this->a = (uint8_t *)copyin(arg1, 16);
	this->af = 2;
	printf("%s\n", inet_ntop(this->af, this->a));
	this->af = 10;
	printf("%s\n", inet_ntop(this->af, this->a));
	exit(0);
}
