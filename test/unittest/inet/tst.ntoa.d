/* @@trigger: while :; do /usr/bin/printf '\300\250\0\12\0\0\0\0\377\377\377\377\12\143\1\144' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/* inet_ntoa: dotted decimal, no leading zeros, "0" for a zero byte. */
int done;
syscall::write:entry
/execname == "printf" && arg2 == 16 && !done/
{
	done = 1;
	this->a = (uint8_t *)copyin(arg1, 16);
	printf("%s\n", inet_ntoa((ipaddr_t *)this->a));
	printf("%s\n", inet_ntoa((ipaddr_t *)(this->a + 4)));
	printf("%s\n", inet_ntoa((ipaddr_t *)(this->a + 8)));
	printf("%s\n", inet_ntoa((ipaddr_t *)(this->a + 12)));
	exit(0);
}
