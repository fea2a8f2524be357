#pragma D nosuchpragma

BEGIN
{
	trace(1);
}
