/* Exercises: float/double/long double declarations (no arithmetic) used only with %e/%f/%g. */
#pragma D option quiet

float f;
double d;
long double ld;

BEGIN
{
	printf("%e %f %g\n", f, f, f);
	printf("%E %G %f\n", d, d, d);
	printf("%Le %Lf %Lg\n", ld, ld, ld);
	exit(0);
}
