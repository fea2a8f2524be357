/* Exercises: arithmetic on character constants and char array elements. */
BEGIN
{
	this->s = (char *)alloca(4);
	this->s[0] = 'a' + 1;
	this->s[1] = 'Z' - 'A' + '0';
	this->s[2] = this->s[0] == 'b' ? '!' : '?';
	this->s[3] = '\0';
	printf("%s %d\n", stringof(this->s), 'z' - 'a');
}
