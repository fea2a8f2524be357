/* @@runtest-opts: -x iregs=4 */
/* The code generator needs its 8 registers: fewer is EDT_NOREG. */
BEGIN
{
	exit(0);
}
