BEGIN
{
	trace($$2); /* ERROR D_MACRO_UNDEF "^macro argument \$\$2 is not defined$" */
}
