/*
 * Exercises: block comments in every position, including between probe
 * description, predicate and body, and inside expressions.
 */
/* leading */ BEGIN /* between desc and body */
{
	/* inside */ x = 1 /* mid-expression */ + 2;
	trace(x); /* trailing */
}
/* at end of file */
