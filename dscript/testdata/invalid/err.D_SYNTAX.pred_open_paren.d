BEGIN
/(1/ /* ERROR D_SYNTAX "^closing \) expected in predicate before /$" */
{
	trace(1);
}
