/* @@trigger: mkdir -p /tmp/dtrace-stack && go build -o /tmp/dtrace-stack/gospin ./unittest/stack/testdata/gospin && exec /tmp/dtrace-stack/gospin */
/* @@timeout: 60 */
#pragma D option quiet

/*
 * A profile probe in a running Go program: the function it spins in is
 * what its samples in user mode mostly show.
 */
int n;

profile-997
/execname == "gospin" && arg1 != 0/
{
	@[ufunc(ucaller)] = count();
	n++;
}

profile-997
/n >= 100/
{
	trunc(@, 1);
	printa("%A\n", @);
	exit(0);
}
