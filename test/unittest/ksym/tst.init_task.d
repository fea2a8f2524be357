/* @@timeout: 120 */
/*
 * Kernel variables typed from BTF and read at the addresses kallsyms
 * lists: the first task's pid and name, a member of a struct variable,
 * a pointer member compared with a variable's address.
 */
#pragma D option quiet

BEGIN
{
	printf("pid %d\n", `init_task.pid);
	printf("comm %s\n", stringof(`init_task.comm));
	printf("mm %d\n", `init_task.mm == NULL);
	printf("leader %d\n", `init_task.group_leader == &`init_task);
	printf("sysname %s\n", `init_uts_ns.name.sysname);
	printf("scoped %d\n", vmlinux`init_task.pid);
	exit(0);
}
