/* The lock subroutines take the kernel's struct mutex and rwlock_t. */
BEGIN
{
	trace(mutex_owned(&curthread->futex_exit_mutex));
	trace(mutex_owner(&curthread->futex_exit_mutex)->pid);
	trace(mutex_type_adaptive(&curthread->futex_exit_mutex));
	trace(mutex_type_spin(&curthread->futex_exit_mutex));
	trace(getmajor(curthread->mm->exe_file->f_inode->i_sb->s_dev));
	trace(link_ntop(1, (void *)arg1));
}
