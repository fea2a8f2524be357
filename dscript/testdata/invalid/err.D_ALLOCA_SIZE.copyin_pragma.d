/* copyin() allocates as alloca() does; the program's pragma sets scratchsize. */
#pragma D option scratchsize=1024

BEGIN
{
	x = copyin(0, 1025); /* ERROR D_ALLOCA_SIZE "^alloca\(1025\) size larger than scratchsize 1024$" */
}
