/* @@post: sed "s|^$(sed -n 's/^0:://p' /proc/self/cgroup)\$|the cgroup of dtrace|" */
#pragma D option quiet

/*
 * cgroup is the current thread's cgroup v2 id, and cgroup_path(cgroup)
 * its path in the v2 hierarchy, as /proc/PID/cgroup names it: dtrace's
 * own here (BEGIN fires in dtrace), the cgroup of the shell that filters
 * the output. An id of no cgroup is shown as its number.
 */
BEGIN
{
	printf("%d\n", cgroup > 0);
	printf("%s\n", cgroup_path(cgroup));
	trace(cgroup_path(0));
	exit(0);
}
