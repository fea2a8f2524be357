/* @@runtest-opts: -x strsize=8 */
#pragma D option quiet

/*
 * A string key prints as a string whatever strsize is, even when its
 * record is as long as an integer's (it used to print as 0).
 */
BEGIN
{
	@[execname] = count();
	@["abcdefghij"] = count();
	@["xy"] = count();
	exit(0);
}
