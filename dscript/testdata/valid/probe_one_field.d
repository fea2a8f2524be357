/* Exercises: probe descriptions with a single field (name only). */
BEGIN
{
	n = 0;
}

tick-1sec
{
	n++;
}

END
{
	trace(n);
}
