#pragma D option quiet

/*
 * print() of a kernel struct through its typedef: the typedef's name, and
 * nothing of its members when they are zero (dtrace runs as root: its uid
 * is 0).
 */
/* @@nosort */

BEGIN
{
	print(&curthread->cred->uid);
	print(&curthread->cred->euid.val);
	exit(0);
}
