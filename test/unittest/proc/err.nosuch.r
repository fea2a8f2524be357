-- @@stderr --
dtrace: failed to execute /nonexistent/command: cannot find executable file
