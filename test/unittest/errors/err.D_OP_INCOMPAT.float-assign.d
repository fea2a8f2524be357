/* D assigns no float, not even one of the same type. */
double d;

BEGIN
{
	this->d = d;
}
