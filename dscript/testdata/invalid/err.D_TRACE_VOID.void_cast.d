BEGIN
{
	trace((void)0); /* ERROR D_TRACE_VOID "^trace\( \) may not be applied to a void expression$" */
}
