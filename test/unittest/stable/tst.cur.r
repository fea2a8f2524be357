pr_pid 1
pr_ppid 1
pr_uid 1 pr_gid 1
pr_fname dtrace
pr_psargs 1
pr_dmodel 1
pr_nlwp 1
pr_lwpid 1
pr_pri 1
pr_state 1 O
pr_name dtrace
pr_onpro 1
cpu_id 1
constants 2 9 1 10 2

