/* Exercises: floating-point conversions %e %E %f %g %G with width/precision on declared double/float. */
#pragma D option quiet

struct sample {
	double ratio;
	float temp;
};

struct sample s;

BEGIN
{
	printf("%e %E %f %g %G\n", s.ratio, s.ratio, s.ratio, s.ratio, s.ratio);
	printf("%10.2f %-12.4e %.3g\n", s.temp, s.temp, s.temp);
	exit(0);
}
