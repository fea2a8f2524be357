/* Exercises: typedef of pointer types and of a typedef (chained typedef names). */
typedef char *cstr_t;
typedef int my_int_t;
typedef my_int_t my_int2_t;
typedef my_int2_t *my_int2_ptr_t;

BEGIN
{
	this->p = (my_int2_ptr_t)alloca(sizeof (my_int2_t) * 4);
	this->p[0] = 42;
	this->s = (cstr_t)alloca(8);
	this->s[0] = 'h';
	this->s[1] = '\0';
	printf("%d %s %d\n", this->p[0], stringof(this->s), sizeof (my_int2_ptr_t));
}
