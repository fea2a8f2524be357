int;

BEGIN
{
	trace(1);
}
