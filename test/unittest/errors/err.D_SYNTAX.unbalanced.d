/* A clause without its closing brace. */
BEGIN
{
	x = 1;
