/* Constants fold in 64 bits: 1 << 40 is no 0, and no alloca() allocates it. */
BEGIN
{
	x = alloca(1 << 40); /* ERROR D_ALLOCA_SIZE "^alloca\(1099511627776\) size larger than scratchsize 256$" */
}
