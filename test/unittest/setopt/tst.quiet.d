/* @@nosort */
/*
 * setopt("quiet") turns the probe lines off from its record on: the line
 * of the record that sets it is already started, and loses its newline.
 */
BEGIN
{
	trace("before");
}

BEGIN
{
	setopt("quiet");
	printf("after\n");
}

BEGIN
{
	printf("quiet now\n");
	exit(0);
}
