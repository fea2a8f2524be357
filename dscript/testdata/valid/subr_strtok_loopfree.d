/* Exercises: strtok() over a copied-in path, unrolled (D has no loops). */
syscall::openat:entry
{
	this->p = copyinstr(arg1);
	this->c1 = strtok(this->p, "/");
	this->c2 = this->c1 != "" ? strtok(NULL, "/") : "";
	@top[this->c1, this->c2] = count();
}
