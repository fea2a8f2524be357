/* vfs_read has four arguments. */
fbt::vfs_read:entry
{
	trace(args[4]);
}
