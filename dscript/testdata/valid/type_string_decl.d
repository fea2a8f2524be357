/* Exercises: declared string globals and string-valued associative arrays. */
string last_exec;
string names[int];

proc:::exec-success
{
	last_exec = execname;
	names[pid] = execname;
}

proc:::exit
/names[pid] != ""/
{
	printf("%d was %s (last exec: %s)\n", pid, names[pid], last_exec);
	names[pid] = 0;
}
