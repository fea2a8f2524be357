#pragma D option quiet

/*
 * A clause allocates at most scratchsize bytes (256 by default): alloca of
 * more is out of scratch space; copyin of more is an invalid size.
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
