/* @@pre: sh unittest/stack/testdata/dwarf/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-dwarf/deep */
/* @@post: sh unittest/stack/testdata/dwarf/frames.sh */
/* @@nosort */

/*
 * ustack() of a program built without frame pointers, unwound with its
 * objects' call-frame information: every frame from the system call's
 * leaf up to main, through the shared library's frames and across the
 * signal handler's frame (the libc frames, which vary with its version,
 * are filtered out).
 */
syscall::getppid:entry
/pid == $target/
{
	ustack();
}
