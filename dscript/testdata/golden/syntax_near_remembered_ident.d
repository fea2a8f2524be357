/* An identifier seen before, assigned, is remembered: only its name. */
BEGIN
{
	v = 1;
	x = 1 v + 2;
}
