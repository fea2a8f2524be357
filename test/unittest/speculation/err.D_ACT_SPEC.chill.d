/* @@runtest-opts: -w */
/* Destructive actions may not follow speculate(). */
BEGIN
{
	speculate(1);
	chill(1);
}
