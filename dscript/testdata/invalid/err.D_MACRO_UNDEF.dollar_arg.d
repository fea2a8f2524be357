BEGIN
{
	trace($1); /* ERROR D_MACRO_UNDEF "^macro argument \$1 is not defined$" */
}
