/*
 * psinfo_t's translator from the kernel's task_struct is the D library's,
 * declared before the program: declaring it again is refused at the ';'
 * after its '}', before its members are checked.
 */
translator psinfo_t < struct task_struct *T >
{
	pr_pid = T->no_such_member;
}; /* the error's line */

BEGIN
{
	exit(0);
}
