BEGIN
{
	printa(@nosuch); /* ERROR D_IDENT_UNDEF "^failed to resolve @nosuch: Unknown variable name$" */
}
