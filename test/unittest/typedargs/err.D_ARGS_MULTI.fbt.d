/* fbt::vfs_read: matches the entry and the return probe. */
fbt::vfs_read:
{
	trace(args[0]);
}
