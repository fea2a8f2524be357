/* Exercises: two-dimensional array member in a struct and array-of-pointer members. */
struct grid {
	int cell[3][4];
	char *labels[3];
};

BEGIN
{
	this->g = (struct grid *)alloca(sizeof (struct grid));
	this->g->cell[1][2] = 12;
	this->g->cell[2][3] = this->g->cell[1][2] * 2;
	printf("%d %d %d\n", this->g->cell[2][3], sizeof (this->g->cell),
	    sizeof (this->g->cell[0]));
}
