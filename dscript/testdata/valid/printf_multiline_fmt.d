/* Exercises: printf calls split over several lines, with the format on its own line. */
#pragma D option quiet

syscall::write:entry
/arg2 > 4096/
{
	printf(
	    "%s wrote %d bytes to fd %d\n",
	    execname,
	    arg2,
	    arg0
	);
}
