#pragma D option quiet

/*
 * strtok(NULL, ...) goes on with the string of the last strtok() of the
 * same firing, in any clause; with none, it is a bad address. A string
 * that is NULL is a bad address too.
 */
BEGIN
{
	trace(strtok(NULL, ","));
}

BEGIN
{
	printf("%s\n", strtok("a,b", ","));
}

BEGIN
{
	printf("%s\n", strtok(NULL, ","));
}

BEGIN
{
	s = (char *)NULL;
	trace(strtok(s, ","));
}

BEGIN
{
	printf("done\n");
	exit(0);
}
