/* Exercises: inline string definitions and an inline expression referencing builtin variables. */
inline string TOOL = "iotrace";
inline string SEP = " | ";
inline int ROOT = 0;
inline int is_root = uid == ROOT;

syscall::unlinkat:entry
/is_root/
{
	printf("%s%s%s removed %s\n", TOOL, SEP, execname, copyinstr(arg1));
}
