/*
 * Without -w, a destructive action is refused when tracing is enabled,
 * after the probes matched: "Destructive actions not allowed".
 */
BEGIN
{
	system("echo never");
	exit(0);
}
