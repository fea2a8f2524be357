/* Exercises (BTF): file -> inode -> super_block chain (i_size, i_sb->s_id) on vfs_write. */
fbt:vmlinux:vfs_write:entry
{
	this->i = ((struct file *)arg0)->f_inode;
	@size[stringof(this->i->i_sb->s_id)] = quantize(this->i->i_size);
}
