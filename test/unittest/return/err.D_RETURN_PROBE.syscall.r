-- @@stderr --
dtrace: failed to compile script unittest/return/err.D_RETURN_PROBE.syscall.d: [D_RETURN_PROBE] line 8: return( ) may only be used in fbt entry probes: syscall:vmlinux:getppid:entry is not one
