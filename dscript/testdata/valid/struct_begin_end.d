/* Exercises: BEGIN and END clauses, trace(), exit(). */
BEGIN
{
	trace("tracing started");
	start = timestamp;
}

END
{
	trace(timestamp - start);
}
