/* @@runtest-opts: -xlibdir=unittest/stable/lib */

/*
 * A library translator that does not fit the running kernel is left out:
 * a program that uses it finds no translator.
 */
BEGIN
{
	trace(xlate <broken_t *> (curthread)->b_x);
	exit(0);
}
