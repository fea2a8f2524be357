/* Exercises (BTF): backquoted kernel symbols, unscoped (`nr_dentry) and module-scoped (vmlinux`process_counts). */
#pragma D option quiet

tick-1sec
{
	printf("nr_dentry(cpu0 copy)=%d process_counts=%d\n", `nr_dentry,
	    vmlinux`process_counts);
	printf("&nr_dentry=%p\n", &`nr_dentry);
}
