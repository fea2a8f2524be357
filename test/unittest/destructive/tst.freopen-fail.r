still here

-- @@stderr --
dtrace: error on enabled probe ID 1 (ID 1: dtrace:::BEGIN): couldn't freopen() "/nonexistent/dir/file": No such file or directory
