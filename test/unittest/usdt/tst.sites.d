/* @@pre: sh unittest/usdt/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/usdtprog */

/*
 * One probe, two sites (sites is fired twice in main's loop, its arguments
 * in different places at each): each site fills its own arguments.
 */
dtgotest$target:::sites
{
	printf("%s:%s %d %d\n", probefunc, probename, arg0, arg1);
}
