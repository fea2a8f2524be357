/*
 * inet_ntoa6()'s argument is an in6_addr_t *: a pointer to bytes must be
 * cast to it.
 */
BEGIN
{
	this->a = (uint8_t *)alloca(16);
	trace(inet_ntoa6(this->a));
	exit(0);
}
