#pragma D option quiet

/* msec is a unit too, and the probe keeps the name as written. */
tick-20msec
{
	printf("%s\n", probename);
	exit(0);
}
