/* @@pre: sh unittest/usdt/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/usdtprog */

/*
 * guarded fires only while its semaphore is set, which the kernel does for
 * as long as the probe is enabled: it fires at each of the three rounds,
 * and semvalue reports the semaphore at 1.
 */
dtgotest$target:::guarded
{
	@guarded = count();
}

dtgotest$target:::semvalue
{
	@semaphore[arg0] = count();
}
