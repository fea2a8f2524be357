/* Exercises: empty statements (;;) before, between and after real statements. */
BEGIN
{
	;
	x = 1;;
	;;
	trace(x);;;
	;
}
