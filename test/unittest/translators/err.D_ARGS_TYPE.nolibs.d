/* @@runtest-opts: -xnolibs */

/*
 * Without the D library there is no translator for the typed arguments
 * of the stable providers.
 */
io:::start
{
	trace(args[0]->b_bcount);
}
