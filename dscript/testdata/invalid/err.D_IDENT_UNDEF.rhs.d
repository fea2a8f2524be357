BEGIN
{
	x = y /* ERROR D_IDENT_UNDEF "^failed to resolve y: Unknown variable name$" */ + 1;
}
