/* Exercises: #pragma ident with a version string (SCCS-style). */
#pragma ident	"@(#)opensnoop.d	1.2	24/01/15"

syscall::openat:entry
{
	printf("%s\n", copyinstr(arg1));
}
