BEGIN
{
	trace(inet_ntoa6((in6_addr_t *)arg0, arg1)); /* ERROR D_PROTO_ARG "^inet_ntoa6\( \) argument #2 must be an integer constant$" */
}
