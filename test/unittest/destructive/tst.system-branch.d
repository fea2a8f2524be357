/*
 * @@runtest-opts: -wq
 * @@nosort
 * A system() in a branch not taken does not run.
 */
BEGIN
{
	if (0 == 1) {
		system("echo wrong");
	} else {
		system("echo right");
	}
	exit(0);
}
