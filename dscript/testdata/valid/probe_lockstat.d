/* Exercises: glob on the probe name field (lockstat:::*-acquire). */
lockstat:::*-acquire
{
	@[probename] = count();
}
