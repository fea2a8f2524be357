/* @@trigger: while :; do /usr/bin/printf '\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1\0\1\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/* The unspecified address, loopback, and a trailing zero run. */
int done;
syscall::write:entry
/execname == "printf" && arg2 == 49 && !done/
{
	done = 1;
	this->a = (uint8_t *)copyin(arg1, 48);
	printf("%s\n", inet_ntop(10, this->a));
	printf("%s\n", inet_ntop(10, this->a + 16));
	printf("%s\n", inet_ntop(10, this->a + 32));
	exit(0);
}
