/*
 * @@runtest-opts: -w -Z
 * An fbt return probe is too late to choose the return value: refused,
 * even where the description matches nothing yet (-Z).
 */
fbt::no_such_function_here:return
{
	return(-1);
}
