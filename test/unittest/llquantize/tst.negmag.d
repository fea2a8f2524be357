/* @@nosort */
#pragma D option quiet

/*
 * Negative values have buckets of their own, mirroring the positive ones
 * below the zero bucket: several orders of magnitude and the "<= -N" edge
 * (@a), magnitude 0 with more steps than the factor, whose ghost buckets
 * have no row (@b), and magnitudes up to 2^63, the least int64 included;
 * labels are cut to 15 characters (@c).
 */
BEGIN
{
	this->v = -123;
	@a = llquantize(-5, 10, 0, 3, 10);
	@a = llquantize(-50, 10, 0, 3, 10);
	@a = llquantize(-55, 10, 0, 3, 10);
	@a = llquantize(this->v, 10, 0, 3, 10);
	@a = llquantize(-700, 10, 0, 3, 10);
	@a = llquantize(-5000, 10, 0, 3, 10);
	@a = llquantize(-20000, 10, 0, 3, 10);
	@a = llquantize(8, 10, 0, 3, 10);
	@a = llquantize(600, 10, 0, 3, 10);
	@b = llquantize(-3, 10, 0, 2, 20);
	@b = llquantize(-9, 10, 0, 2, 20);
	@b = llquantize(-15, 10, 0, 2, 20);
	@b = llquantize(-150, 10, 0, 2, 20);
	@b = llquantize(-999, 10, 0, 2, 20);
	@b = llquantize(-1000, 10, 0, 2, 20);
	@c = llquantize(-9223372036854775807 - 1, 2, 61, 62, 2);
	@c = llquantize(-4611686018427387904, 2, 61, 62, 2);
	@c = llquantize(2305843009213693957, 2, 61, 62, 2);
	exit(0);
}
