#pragma D option quiet

/*
 * Integer arithmetic is computed in 64 bits and truncated to the type
 * where the value is stored or recorded (DTrace does not truncate after
 * each operation): int + int that overflows int compares as the 64-bit
 * sum, and is 2147483648 once assigned to a long, or cast to a long (a
 * widening cast from a signed type keeps the bits).
 */
int i;
long big;
unsigned char uc;
int m;

BEGIN
{
	i = 2147483647;
	printf("%d\n", i + 1 > 0);
	big = i + 1;
	printf("%d %d %d\n", big, (long)(i + 1), i + 1);
	/* int and unsigned char compare as int (the operand of higher rank) */
	uc = 1;
	m = -1;
	printf("%d %d\n", m < uc, uc > m);
	exit(0);
}
