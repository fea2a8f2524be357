#pragma D option quiet

/*
 * Every tick-N probe of a run fires on one CPU, the first online one
 * (CPU 0 here), while that CPU idles as much as while it works: a tick
 * placed on another idle CPU of a VM was seen never to fire.
 */
int a, b, acpu, bcpu;

tick-10ms
{
	acpu = a++ ? acpu : cpu + 1;
}

tick-7ms
{
	bcpu = b++ ? bcpu : cpu + 1;
}

tick-10ms
/a == 20/
{
	printf("tick-10ms on CPU %d, tick-7ms on CPU %d\n", acpu - 1, bcpu - 1);
	exit(0);
}
