/* Exercises: fully-qualified dtrace provider probes (dtrace:::BEGIN, dtrace:::END, dtrace:::ERROR). */
dtrace:::BEGIN
{
	printf("hello\n");
}

dtrace:::ERROR
{
	printf("error in epid %d\n", arg1);
}

dtrace:::END
{
	printf("goodbye\n");
}
