#!/usr/sbin/dtrace -qs
/* Exercises: interpreter line with combined flags "-qs". */

profile:::tick-5sec
{
	printf("%Y still alive\n", walltimestamp);
}
