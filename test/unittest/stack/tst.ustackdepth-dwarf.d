/* @@pre: sh unittest/stack/testdata/dwarf/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-dwarf/deep */
/* @@post: sh unittest/stack/testdata/dwarf/depth.sh */

/*
 * ustackdepth of a program built without frame pointers is the depth of
 * the stack ustack() shows, unwound with the objects' call-frame
 * information (at least deep's 16 frames), not the kernel's frame-pointer
 * walk (one or two frames).
 */
syscall::getppid:entry
/pid == $target/
{
	printf("depth %d\n", ustackdepth);
	ustack();
}
