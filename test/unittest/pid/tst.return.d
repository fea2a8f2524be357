/* @@pre: sh unittest/pid/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/pidprog */

/*
 * Return probes of C functions, at their return instructions as DTrace
 * places them (never uretprobes, which replace the return address on the
 * stack): arg0 is the ret's offset in the function, arg1 the return
 * value, the whole register (an int is its low 32 bits).
 */
pid$target:a.out:fn_add3:return,
pid$target:a.out:fn_eight:return
{
	printf("%s:%s %d %d\n", probefunc, probename, arg0, arg1);
}

pid$target:a.out:fn_neg:return
{
	printf("%s:%s %d %d\n", probefunc, probename, arg0, (int)arg1);
}
