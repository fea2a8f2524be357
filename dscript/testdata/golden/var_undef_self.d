BEGIN
{
	trace(self->x);
}
