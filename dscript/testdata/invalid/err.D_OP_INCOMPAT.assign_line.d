/* An assignment's error is at the token that ends it. */
BEGIN
{
	x = 1;
	x =
	    "a"
	    ; /* ERROR D_OP_INCOMPAT "^operands have incompatible types: \"int\" = \"string\"$" */
}
