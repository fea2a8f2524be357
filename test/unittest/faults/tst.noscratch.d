#pragma D option quiet

/*
 * alloca and copyin of a size known only at run time get strsize bytes of
 * scratch memory; more is out of scratch space.
 */
BEGIN
{
	n = 100000;
	this->p = alloca(n);
}

BEGIN
{
	this->p = copyin(0, n);
}

BEGIN
{
	n = 16;
	this->p = alloca(n);
	printf("done\n");
	exit(0);
}
