BEGIN
{
	@a = count();
	trace(@a); /* ERROR D_TRACE_DYN "^trace\( \) may not be applied to a dynamic expression$" */
}
