#pragma D option quiet

/*
 * The members the translators leave out are 0 in a whole translated
 * struct.
 */
BEGIN
{
	this->p = *curpsinfo;
	printf("%d %d\n", this->p.pr_size, this->p.pr_rssize);
}

BEGIN
{
	this->l = *curlwpsinfo;
	printf("%d %d %d\n", this->l.pr_nice, this->l.pr_oldpri, this->l.pr_cpu);
	exit(0);
}
