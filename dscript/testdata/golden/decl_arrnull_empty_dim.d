int an[];

BEGIN
{
	trace(1);
}
