/* @@nosort */
/* The option's name and value may be any strings, not only constants. */
BEGIN
{
	this->opt = "quiet";
	this->val = strjoin("y", "es");
	setopt(this->opt, this->val);
	setopt(strjoin("aggsort", "rev"));
	@[1] = count();
	@[2] = count();
	@[2] = count();
	exit(0);
}
