/*
 * uregs[] has no register past R_SS's i386 name (41).
 */
BEGIN
{
	trace(uregs[42]);
	exit(0);
}
