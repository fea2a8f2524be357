/* @@trigger: echo hello > /tmp/dtrace-fbt-print; while :; do cat /tmp/dtrace-fbt-print > /dev/null; sleep 0.1; done */
/* @@timeout: 120 */
#pragma D option quiet

/*
 * print(*args[2]) prints the struct an fbt probe's typed argument points
 * to, as print(args[2]) does: do_sys_openat2(int, const char *, struct
 * open_how *) of cat opening a file for reading.
 */
fbt::do_sys_openat2:entry
/execname == "cat" && copyinstr(arg1) == "/tmp/dtrace-fbt-print"/
{
	print(*args[2]);
	print(args[2]);
	exit(0);
}
