/* @@trigger: while :; do /usr/bin/printf '\0\1\0\0\0\0\0\2\0\3\0\0\0\0\4\0\0\1\0\0\0\0\0\2\3\0\0\0\0\0\0\4\0\1\0\2\0\3\0\0\0\5\0\6\0\7\0\10\0\1\0\2\0\3\0\4\0\5\0\6\0\7\0\0' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/*
 * The zero run compressed to "::", found as illumos finds it: the first
 * of two equal runs, unless the group after the second begins with a zero
 * byte; a single zero group, but not a single trailing one.
 */
int done;
syscall::write:entry
/execname == "printf" && arg2 == 64 && !done/
{
	done = 1;
	this->a = (uint8_t *)copyin(arg1, 64);
	printf("%s\n", inet_ntop(10, this->a));
	printf("%s\n", inet_ntop(10, this->a + 16));
	printf("%s\n", inet_ntop(10, this->a + 32));
	printf("%s\n", inet_ntop(10, this->a + 48));
	exit(0);
}
