#pragma D option quiet
#pragma D option scratchsize=64

/*
 * A clause allocates at most scratchsize bytes, in 8-byte steps; copyin()
 * of more is an invalid size, alloca() of more out of scratch space.
 */
BEGIN
{
	this->a = alloca(32);
	this->b = alloca(25);
	printf("ok\n");
}

BEGIN
{
	this->a = alloca(60);
	this->b = alloca(1);
}

BEGIN
{
	n = 65;
	this->a = copyin(0, n);
}

BEGIN
{
	printf("done\n");
	exit(0);
}
