-- @@stderr --
dtrace: failed to compile script unittest/pid/err.D_PROC_GRAB.gone.d: [D_PROC_GRAB] line 5: failed to grab process 4194305
