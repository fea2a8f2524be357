/* Exercises: cleanpath() to normalise paths containing . and .. components. */
syscall::openat:entry
{
	@paths[cleanpath(copyinstr(arg1))] = count();
	trace(cleanpath("/usr/lib/../bin/./ls"));
}
