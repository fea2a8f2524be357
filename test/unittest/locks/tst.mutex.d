#pragma D option quiet

/*
 * mutex_owned() and mutex_owner() read a struct mutex's owner word (its
 * flag bits cleared); Linux's mutexes are adaptive, never spin.
 */
BEGIN
{
	this->free = &curthread->futex_exit_mutex;
	printf("%d %d %d %d\n", mutex_owned(this->free), mutex_owner(this->free) == NULL,
	    mutex_type_adaptive(this->free), mutex_type_spin(this->free));

	this->m = (struct mutex *)alloca(sizeof (struct mutex));
	*(long *)this->m = (long)curthread | 1;
	printf("%d %d\n", mutex_owned(this->m), mutex_owner(this->m) == curthread);
	*(long *)this->m = (long)curthread->real_parent;
	printf("%d %d\n", mutex_owned(this->m), mutex_owner(this->m) == curthread->real_parent);
}

BEGIN
{
	mutex_owned((struct mutex *)NULL);
}

BEGIN
{
	exit(0);
}
