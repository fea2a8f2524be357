-- @@stderr --
dtrace: failed to compile script unittest/translators/err.D_XLATE_REDECL.psinfo.d: [D_XLATE_REDECL] line 9: translator from struct task_struct * to psinfo_t has already been declared
