/* @@pre: sh unittest/usdt/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/usdtprog */

/*
 * With guarded not enabled, its semaphore stays 0: the program skips it.
 */
dtgotest$target:::semvalue
{
	@semaphore[arg0] = count();
}
