-- @@stderr --
dtrace: failed to grab pid 2: system process
