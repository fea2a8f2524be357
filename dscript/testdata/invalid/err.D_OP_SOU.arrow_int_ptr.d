BEGIN
{
	this->p = (int *)0;
	trace(this->p->a); /* ERROR D_OP_SOU "^operator -> cannot be applied to pointer to type \x22int\x22; must be applied to a struct or union pointer$" */
}
