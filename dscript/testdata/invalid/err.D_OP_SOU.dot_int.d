BEGIN
{
	x = 1;
	trace(x.a); /* ERROR D_OP_SOU "^operator \. cannot be applied to type \x22int\x22; must be applied to a struct or union$" */
}
