/*
 * @@runtest-opts: -wq
 * A file freopen() cannot open is reported as libdtrace reports it; the
 * output stays where it was and tracing goes on.
 */
BEGIN
{
	freopen("/nonexistent/dir/file");
	printf("still here\n");
	exit(0);
}
