/* @@runtest-opts: -x strsize=16 -x rawbytes */
#pragma D option quiet

/*
 * Under rawbytes, a traced string is dumped whole: its record of strsize+1
 * bytes, the characters, the NUL, and the zeros after it.
 */
BEGIN
{
	trace("ab");
	exit(0);
}
