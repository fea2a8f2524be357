/* @@pre: sh unittest/usdt/headers.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/headers/app */

/*
 * The probes of a provider built with dtrace -h and -G fire with their
 * arguments: strings, negative ints, longs. While query-start is traced
 * its is-enabled test is true (its semaphore raised): the application
 * says so before each query.
 */
myapp$target:::query-start
{
	printf("%s:%s:%s %s %d\n", probemod, probefunc, probename, copyinstr(arg0), arg1);
}

myapp$target:::query-done
{
	printf("%s %d %d\n", probename, arg0, arg1);
}
