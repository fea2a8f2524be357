#pragma D option quiet

/* A string key longer than 50 characters is not truncated. */
BEGIN
{
	@["abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz0123"] = count();
	exit(0);
}
