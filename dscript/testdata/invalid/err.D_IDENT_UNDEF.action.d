BEGIN
{
	trace(nosuchvar); /* ERROR D_IDENT_UNDEF "^failed to resolve nosuchvar: Unknown variable name$" */
}
