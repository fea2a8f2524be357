/* Exercises: fbt provider with explicit module and globbed function (fbt:vmlinux:vfs_*:entry). */
fbt:vmlinux:vfs_*:entry
{
	@[probefunc] = count();
}

fbt:vmlinux:vfs_*:return
{
	@ret[probefunc] = count();
}
