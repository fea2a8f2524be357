/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/pidprog */

/*
 * A pattern in the function field: every function of the executable it
 * matches (glob_one is called once, glob_two twice), and a pattern in the
 * module field.
 */
pid$target:a.out:glob_*:entry
{
	@[probefunc] = count();
}

pid$target:pid*:glob_t?o:return
{
	@[strjoin(probefunc, " returned")] = count();
}
