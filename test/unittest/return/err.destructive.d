/*
 * return() is destructive: it needs -w.
 */
fbt::vfs_read:entry
{
	return(-5);
}
