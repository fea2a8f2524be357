/* @@runtest-opts: -q -xlibdir=unittest/stable/lib */

/*
 * -xlibdir adds a directory of library files: their types, translators,
 * inlines and constants are there for the program, which compiles
 * although the library has a translator that does not fit this kernel
 * (it uses none of it).
 */
BEGIN
{
	printf("%d %d %d %d\n", mytask->mt_pid == pid, mytask->mt_ppid == ppid,
	    mytask->mt_both == pid + ppid, MYCONST);
	exit(0);
}
