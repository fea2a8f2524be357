#pragma D option quiet

/*
 * The least int64 goes to the lowest bucket, with the values at or below
 * -2^62, and the clause goes on to its exit().
 */
BEGIN
{
	@ = quantize(-9223372036854775807 - 1);
	@ = quantize(-4611686018427387904);
	exit(0);
}
