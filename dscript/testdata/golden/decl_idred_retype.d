int x;
char x;

BEGIN
{
	trace(1);
}
