-- @@stderr --
dtrace: failed to compile script unittest/pid/err.D_PROC_NAME.name.d: [D_PROC_NAME] line 5: 'middle' is an invalid probe name
