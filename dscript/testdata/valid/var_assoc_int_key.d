/* Exercises: declared associative array keyed by an integer (pid), ++ on an element, deletion by assigning 0. */
int opens[int];

syscall::openat:entry
{
	opens[pid]++;
}

proc:::exit
/opens[pid] > 0/
{
	printf("%d opened %d files\n", pid, opens[pid]);
	opens[pid] = 0;
}
