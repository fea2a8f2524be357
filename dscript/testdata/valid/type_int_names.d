/* Exercises: every C integer type name spelling as global declarations. */
char c;
signed char sc;
unsigned char uc;
short s;
short int si;
signed short ss;
unsigned short us;
unsigned short int usi;
int i;
signed int sgi;
signed sg;
unsigned u;
unsigned int ui;
long l;
long int li;
signed long sl;
unsigned long ul;
unsigned long int uli;
long long ll;
long long int lli;
signed long long sll;
unsigned long long ull;
unsigned long long int ulli;

BEGIN
{
	c = 1; sc = -1; uc = 255; s = -2; si = 3; ss = -4; us = 5; usi = 6;
	i = -7; sgi = 8; sg = 9; u = 10; ui = 11; l = -12; li = 13; sl = 14;
	ul = 15; uli = 16; ll = -17; lli = 18; sll = 19; ull = 20; ulli = 21;
	trace(c + sc + uc + s + si + ss + us + usi + i + sgi + sg + u + ui +
	    l + li + sl + ul + uli + ll + lli + sll + ull + ulli);
}
