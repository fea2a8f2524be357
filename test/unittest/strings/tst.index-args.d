/* @@pre: sh unittest/stable/build.sh */
/* @@runtest-opts: -q -c /tmp/dtrace-stable/stablework-proc */

/*
 * A probe's string argument is a string as any other: proc:::exec's path
 * indexed (args[0][i]) and moved (args[0] + n).
 */
proc:::exec
/progenyof($target) && pid != $target/
{
	printf("%s %c %c %s %d\n", args[0], args[0][0], args[0][5],
	    args[0] + 5, args[0][1] == 'b');
}

proc:::exit
/pid == $target/
{
	exit(0);
}
