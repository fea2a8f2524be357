/* @@pre: mkdir -p /tmp/dtrace-stack && cc -O0 -fno-omit-frame-pointer -o /tmp/dtrace-stack/recurse unittest/stack/testdata/recurse.c */
/* @@runtest-opts: -q -c /tmp/dtrace-stack/recurse */

/*
 * ustackdepth counts the frames of a stack deeper than the kernel's walk
 * reaches (127 frames): leaf, rec 301 times, main and the C library's
 * start-up frames; ustack() shows at most 127 of them.
 */
syscall::getppid:entry
/pid == $target/
{
	printf("%s\n", ustackdepth >= 303 && ustackdepth <= 310 ? "ok" : lltostr(ustackdepth));
	exit(0);
}
