/* @@runtest-opts: -q */

/*
 * curpsinfo, curlwpsinfo and curcpu describe the process, thread and
 * CPU the probe fires in, as the builtin variables do.
 */
BEGIN
{
	printf("pr_pid %d\n", curpsinfo->pr_pid == pid);
	printf("pr_ppid %d\n", curpsinfo->pr_ppid == ppid);
	printf("pr_uid %d pr_gid %d\n", curpsinfo->pr_uid == uid, curpsinfo->pr_gid == gid);
	printf("pr_fname %s\n", stringof(curpsinfo->pr_fname));
	printf("pr_psargs %d\n", index(stringof(curpsinfo->pr_psargs), "dtrace") >= 0);
	printf("pr_dmodel %d\n", curpsinfo->pr_dmodel == PR_MODEL_LP64);
	printf("pr_nlwp %d\n", curpsinfo->pr_nlwp >= 1);
	printf("pr_lwpid %d\n", curlwpsinfo->pr_lwpid == tid);
	printf("pr_pri %d\n", curlwpsinfo->pr_pri == curthread->prio);
	printf("pr_state %d %c\n", curlwpsinfo->pr_state == SONPROC, curlwpsinfo->pr_sname);
	printf("pr_name %s\n", stringof(curlwpsinfo->pr_name));
	printf("pr_onpro %d\n", curlwpsinfo->pr_onpro == cpu);
	printf("cpu_id %d\n", curcpu->cpu_id == cpu);
	printf("constants %d %d %d %d %d\n", ENOENT, SIGKILL, DTRACEFLT_BADADDR, AF_INET6, CLD_KILLED);
	exit(0);
}
