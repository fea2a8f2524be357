BEGIN
{
	this->p = (int *)0;
	trace(this->p->a);
}
