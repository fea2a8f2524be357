BEGIN
{
	int /* ERROR D_SYNTAX "^syntax error near \x22int\x22$" */ = 1;
}
