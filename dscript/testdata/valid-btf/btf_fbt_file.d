/* Exercises (BTF): casting an fbt argument to (struct file *) and reading f_flags and f_inode->i_ino. */
fbt:vmlinux:vfs_read:entry
{
	this->f = (struct file *)arg0;
	@ino[execname, this->f->f_inode->i_ino] = count();
	@flags[this->f->f_flags & 0x3] = count();
}
