/* @@runtest-opts: -q -c unittest/usdt/testdata/calls.py */

/*
 * python's function__return probe, guarded by a semaphore like all of
 * python's: the file, the function and the line of each return from the
 * script's functions.
 */
python$target:::function-return
/basename(copyinstr(arg0)) == "calls.py"/
{
	printf("%s %s %s %d\n", probename, basename(copyinstr(arg0)), copyinstr(arg1), arg2);
}
