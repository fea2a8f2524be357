BEGIN
{
	@a; /* ERROR D_IDENT_UNDEF "^failed to resolve @a: Unknown variable name$" */
}
