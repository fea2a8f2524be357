BEGIN
{
	trace(1); /* outer /* inner */ /* ERROR D_SYNTAX "^/\* encountered inside a comment$" */
}
