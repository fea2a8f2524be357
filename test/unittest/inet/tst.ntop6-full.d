/* @@trigger: while :; do /usr/bin/printf '\40\1\15\270\22\64\253\315\0\1\377\377\20\0\0\17\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377\377\1\0\0\1\1\0\0\1\1\0\0\1\1\0\0\1\0\0\0' >/dev/null; sleep 0.1; done */
#pragma D option quiet

/* Eight groups: lowercase hex without leading zeros, no "::". */
int done;
syscall::write:entry
/execname == "printf" && arg2 == 51 && !done/
{
	done = 1;
	this->a = (uint8_t *)copyin(arg1, 48);
	printf("%s\n", inet_ntop(10, this->a));
	printf("%s\n", inet_ntop(10, this->a + 16));
	printf("%s\n", inet_ntop(10, this->a + 32));
	exit(0);
}
