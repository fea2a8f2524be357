/* Exercises: probe descriptions with three fields (module:function:name), including empty module. */
vmlinux:vfs_read:entry
{
	@[probefunc] = count();
}

:vfs_write:entry
{
	@[probefunc] = count();
}
