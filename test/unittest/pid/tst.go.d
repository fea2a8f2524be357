/* @@pre: sh unittest/pid/build.sh go */
/* @@runtest-opts: -q -c /tmp/dtrace-pid/gorecurse */
/* @@timeout: 60 */

/*
 * Entry and return probes on a recursive Go function whose goroutine
 * stacks grow and move between its entry and its return: it runs to
 * completion (exit status 0: its results are right) and every entry has
 * its return. Its arguments and return value are in Go's registers: the
 * outermost calls are recurse(2000, g) for goroutines g 0 to 3, each five
 * times, and return g + 2000 * (g & 1); recurse(n, 3) returns 3 + n, so
 * that 2001 is returned by the outermost calls of goroutine 1 and by the
 * calls two levels down of goroutine 3.
 */
pid$target:a.out:main.recurse:entry
{
	@calls["entry"] = count();
}

pid$target:a.out:main.recurse:return
{
	@calls["return"] = count();
}

pid$target:a.out:main.recurse:entry
/arg0 == 2000/
{
	@outer[arg1] = count();
}

pid$target:a.out:main.recurse:return
/arg1 > 2000/
{
	@results[arg1] = count();
}

syscall::exit_group:entry
/pid == $target/
{
	printf("exit status %d\n", arg0);
}
