/* Exercises: #pragma D attributes applied to an inline identifier declared in the script. */
inline int MY_LIMIT = 64;
#pragma D attributes Stable/Stable/Common MY_LIMIT

syscall::read:entry
/arg2 > MY_LIMIT/
{
	@ = count();
}
