-- @@stderr --
dtrace: failed to compile script unittest/destructive/err.breakpoint.d: line 7: breakpoint() is not supported yet
