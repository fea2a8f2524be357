#pragma D option quiet

/* copyin and copyinstr of an address the kernel cannot read fault. */
BEGIN
{
	this->p = copyin(0, 8);
	printf("not printed\n");
}

BEGIN
{
	trace(copyinstr(8));
}

BEGIN
{
	trace(copyinstr(0, 4));
}

BEGIN
{
	printf("done\n");
	exit(0);
}
