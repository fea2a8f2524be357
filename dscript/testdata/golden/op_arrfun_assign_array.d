char buf[8];

BEGIN
{
	buf = "x";
}
