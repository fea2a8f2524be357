BEGIN
{
	trace(this->y);
}
