/* @@pre: sh unittest/usdt/headers.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/headers/app */

/*
 * Each probe has its own semaphore: with tick traced, tick's is-enabled
 * test is true and query-start's false.
 */
myapp$target:::tick
{
	printf("%s fired\n", probename);
}
