BEGIN
{
	trace($nosuchmacro); /* ERROR D_MACRO_UNDEF "^macro variable \$nosuchmacro is not defined$" */
}
