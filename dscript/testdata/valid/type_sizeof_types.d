/* Exercises: sizeof applied to every kind of type name. */
struct s3 { char a; int b; long c; };
union u2 { char c; long l; };
enum e1 { E_A, E_B };

BEGIN
{
	printf("%d %d %d %d %d\n", sizeof (char), sizeof (short), sizeof (int),
	    sizeof (long), sizeof (long long));
	printf("%d %d %d\n", sizeof (struct s3), sizeof (union u2),
	    sizeof (enum e1));
	printf("%d %d %d %d\n", sizeof (void *), sizeof (char *),
	    sizeof (int[10]), sizeof (uint64_t));
	printf("%d %d\n", sizeof (string), sizeof (int **));
}
