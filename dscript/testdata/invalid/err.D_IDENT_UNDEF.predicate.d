BEGIN
/nosuchvar == 1/ /* ERROR D_IDENT_UNDEF "^failed to resolve nosuchvar: Unknown variable name$" */
{
	trace(1);
}
