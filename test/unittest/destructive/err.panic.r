-- @@stderr --
dtrace: failed to compile script unittest/destructive/err.panic.d: line 7: panic() is not supported yet
