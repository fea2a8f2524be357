/* "self x;" declares an int. */
self x;

BEGIN
{
	self->x = "a"; /* ERROR D_OP_INCOMPAT "^operands have incompatible types: \"int\" = \"string\"$" */
}
