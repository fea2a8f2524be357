/* Exercises: dynamic width and precision with * and .* taking integer arguments. */
#pragma D option quiet

BEGIN
{
	w = 12;
	p = 3;
	printf("[%*d] [%-*d] [%.*d]\n", w, 5, w, 5, p, 5);
	printf("[%*.*s]\n", w, p, "truncated");
	printf("[%*s]\n", strlen(execname) + 2, execname);
	exit(0);
}
