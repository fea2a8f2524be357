#pragma D option quiet

/*
 * tick-N's kernel stack is the interrupted context's, as profile-N's:
 * frames when it interrupted the kernel (arg0, the kernel PC, not 0), none
 * when it interrupted a user process (arg1 not 0), and caller is the
 * first frame's caller.
 */
int n, bad;

tick-100
{
	bad += arg0 != 0 ? stackdepth == 0 : stackdepth != 0 || caller != 0;
}

tick-100
/++n == 20/
{
	printf("%d firings whose stack disagrees with their mode\n", bad);
	exit(0);
}
