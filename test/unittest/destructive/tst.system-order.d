/*
 * @@runtest-opts: -wq
 * @@nosort
 * system() runs when its record is consumed, after what came before it is
 * written: its output comes in order with dtrace's own. The command is
 * formatted as printf() formats; its exit status does not matter.
 */
BEGIN
{
	printf("one\n");
	system("echo %s %d", "two", 2);
	printf("three\n");
}

BEGIN
{
	system("exit 3");
	system("printf '%%s\\n' four");
	printf("five\n");
	exit(0);
}
