/*
 * A declaration with a storage class and no type names int, as
 * dt_decl_type does for a declaration with no type specifier.
 */
self x;
this y;

BEGIN
{
	self->x = 1;
	this->y = self->x + 2;
	trace(this->y);
}
