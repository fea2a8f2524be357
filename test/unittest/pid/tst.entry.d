/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/pidprog */

/*
 * Entry probes: the function's integer arguments by the x86-64 calling
 * convention, the seventh and eighth from the stack.
 */
pid$target:a.out:fn_add3:entry
{
	printf("%s:%s %d %d %d\n", probefunc, probename, arg0, arg1, arg2);
}

pid$target:a.out:fn_eight:entry
{
	printf("%s:%s %d %d %d %d %d %d %d %d\n", probefunc, probename,
	    arg0, arg1, arg2, arg3, arg4, arg5, arg6, arg7);
}

pid$target:a.out:fn_neg:entry
{
	printf("%s:%s %d\n", probefunc, probename, arg0);
}
