/* ++ gives a new variable type int64_t. */
BEGIN
{
	x++;
	x = "a"; /* ERROR D_OP_INCOMPAT "^operands have incompatible types: \"int64_t\" = \"string\"$" */
}
