/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/pidprog */

/*
 * Module names as DTrace's process library matches them: libc and
 * libc.so name libc.so.6 (its name up to a '.'), and a provider pattern
 * whose trailing digits are the target's pid (p*d$target) makes the
 * target's pid probes, as pid$target does.
 */
p*d$target:a.out:fn_neg:entry
{
	printf("%s %s:%s %d\n", probemod, probefunc, probename, arg0);
}

pid$target:libc:exit:entry,
pid$target:libc.so:exit:entry
{
	printf("%s %s:%s %d\n", probemod, probefunc, probename, arg0);
}
