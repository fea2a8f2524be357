/* @@pre: sh unittest/usdt/headers.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-usdt/headers/app-cxx */

/*
 * The same provider's header compiled as C++ (g++) and linked with the
 * -G object.
 */
myapp$target:::query-start,
myapp$target:::query-done
{
	printf("%s %d\n", probename, arg1);
}
