/* @@trigger: while :; do /usr/bin/printf '\177\0\0\1\10\10\4\4\0\377\12\1' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/* inet_ntop(AF_INET, ...) prints as inet_ntoa does. */
int done;
syscall::write:entry
/execname == "printf" && arg2 == 12 && !done/
{
	done = 1;
	this->a = (uint8_t *)copyin(arg1, 12);
	printf("%s %s\n", inet_ntop(2, this->a), inet_ntoa((ipaddr_t *)this->a));
	printf("%s\n", inet_ntop(2, this->a + 4));
	printf("%s\n", inet_ntop(2, this->a + 8));
	exit(0);
}
