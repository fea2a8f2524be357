/* @@runtest-opts: -e */

/*
 * Typed fbt arguments compile wherever BTF describes the kernel, even
 * where its functions cannot be probed: a member through a pointer, the
 * return value's type.
 */
fbt::vfs_read:entry
{
	trace(stringof(args[0]->f_path.dentry->d_name.name));
	trace(args[1][0]);
}

fbt::vfs_read:return
{
	trace(args[1] + 1);
}
