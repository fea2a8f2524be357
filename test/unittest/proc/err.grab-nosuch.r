-- @@stderr --
dtrace: failed to grab pid 1073741824: no such process
