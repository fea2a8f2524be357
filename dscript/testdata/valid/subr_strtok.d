/* Exercises: strtok() with an initial string and subsequent NULL continuation calls. */
BEGIN
{
	this->a = strtok("usr/local/bin/tool", "/");
	this->b = strtok(NULL, "/");
	this->c = strtok(NULL, "/");
	this->d = strtok(NULL, "/");
	printf("%s %s %s %s\n", this->a, this->b, this->c, this->d);
	exit(0);
}
