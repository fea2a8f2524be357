/* Exercises (BTF): chained pointers to struct cred and the kuid_t anonymous-struct member val. */
syscall::setuid:entry
{
	printf("%s uid %d -> %d\n", execname, curthread->cred->uid.val, (int)arg0);
}
