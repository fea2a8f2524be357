#pragma D nosuchpragma /* ERROR D_PRAGMA_INVAL "^invalid D pragma: nosuchpragma$" */

BEGIN
{
	trace(1);
}
