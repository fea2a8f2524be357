/* @@trigger: while :; do /usr/bin/printf '\40\1\15\270\0\0\0\0\0\0\0\0\0\0\0\1\0\0\0\0\0\0\0\0\0\0\377\377\177\0\0\1\0\0\0\0\0\0' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/* inet_ntop's result as an aggregation key. */
int n;
syscall::write:entry
/execname == "printf" && arg2 == 38 && n < 3/
{
	n++;
	this->a = (uint8_t *)copyin(arg1, 32);
	@[inet_ntop(10, this->a)] = count();
	@[inet_ntop(10, this->a + 16)] = count();
}

syscall::write:entry
/n == 3/
{
	n++;
	exit(0);
}
