/*
 * print() after a probe's firing line: the address on that line, the
 * value below it; the kernel's char array (the task's comm) up to its NUL.
 */
/* @@nosort */

BEGIN
{
	print(&curthread->comm);
	exit(0);
}
