/* @@trigger: while :; do /usr/bin/printf '\376\200\0\0\0\0\0\0\0\0\0\0\0\1\0\2\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\1\0\0\0\0\0\0\0\0\0\0\377\377\12\0\0\1\0\0\0\0' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/* inet_ntoa6 of a link-local address, loopback and an IPv4-mapped one. */
int done;
syscall::write:entry
/execname == "printf" && arg2 == 52 && !done/
{
	done = 1;
	this->a = (uint8_t *)copyin(arg1, 48);
	printf("%s\n", inet_ntoa6((in6_addr_t *)this->a));
	printf("%s\n", inet_ntoa6((in6_addr_t *)(this->a + 16)));
	printf("%s\n", inet_ntoa6((in6_addr_t *)(this->a + 32)));
	exit(0);
}
