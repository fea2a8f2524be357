/* Exercises (BTF): a struct-typed kernel symbol (`runqueues, struct rq) and member access with '.'. */
#pragma D option quiet

tick-1sec
{
	printf("rq(boot copy): nr_running=%d size=%d\n", `runqueues.nr_running,
	    sizeof (struct rq));
}
