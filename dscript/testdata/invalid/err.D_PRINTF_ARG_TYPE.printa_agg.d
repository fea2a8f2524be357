BEGIN
{
	@a = count();
	printa("%@s", @a); /* ERROR D_PRINTF_ARG_TYPE "^printa\( \) aggregating action is incompatible with conversion #1 prototype:\n\tconversion: %s\n\t prototype: char \[\] or string \(or use stringof\)\n\t  argument: uint64_t$" */
}
