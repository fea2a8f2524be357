-- @@stderr --
dtrace: failed to compile script unittest/pid/err.D_PROC_FUNC.func.d: [D_PROC_FUNC] line 5: failed to lookup 'no_such_function' in module 'a.out'
