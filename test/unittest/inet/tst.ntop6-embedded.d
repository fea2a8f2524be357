/* @@trigger: while :; do /usr/bin/printf '\0\0\0\0\0\0\0\0\0\0\377\377\1\2\3\4\0\0\0\0\0\0\0\0\0\0\0\0\300\250\0\1\0\0\0\0\0\0\0\0\0\0\377\377\0\0\0\0\0\0' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/*
 * IPv4-mapped and IPv4-compatible addresses end with the IPv4 address in
 * dotted decimal; inet_ntoa6 returns only the IPv4 part.
 */
int done;
syscall::write:entry
/execname == "printf" && arg2 == 50 && !done/
{
	done = 1;
	this->a = (uint8_t *)copyin(arg1, 48);
	printf("%s %s\n", inet_ntop(10, this->a), inet_ntoa6((in6_addr_t *)this->a));
	printf("%s %s\n", inet_ntop(10, this->a + 16), inet_ntoa6((in6_addr_t *)(this->a + 16)));
	printf("%s %s\n", inet_ntop(10, this->a + 32), inet_ntoa6((in6_addr_t *)(this->a + 32)));
	exit(0);
}
