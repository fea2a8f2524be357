-- @@stderr --
dtrace: failed to compile script unittest/return/err.D_RETURN_PROBE.fbt-return.d: [D_RETURN_PROBE] line 8: return( ) may only be used in fbt entry probes: fbt::no_such_function_here:return matches others
