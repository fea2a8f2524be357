#pragma D option quiet

/*
 * tick-N fires on one CPU, in the context it interrupts (as profile-N
 * does): arg0 is the kernel PC or 0, arg1 the user PC or 0, exactly one
 * of them not 0; it does not fire in dtrace's own process, which sleeps
 * between its reads (it used to be a timer there, arg0 and arg1 0).
 */
int first, n, elsewhere, bad, others;

tick-100
{
	first = first ? first : cpu + 1;
	elsewhere += cpu + 1 != first;
	bad += (arg0 != 0) == (arg1 != 0);
	others += pid != $pid;
}

tick-100
/++n == 50/
{
	printf("%d firings on another CPU than the first\n", elsewhere);
	printf("%d firings with both or neither PC\n", bad);
	printf("%s\n", others > 0 ? "some firings in other processes" : "every firing in dtrace");
	exit(0);
}
