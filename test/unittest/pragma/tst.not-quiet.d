/* Without the quiet pragma printf output follows the probe prefix. */
BEGIN
{
	printf("v\n");
	exit(0);
}
