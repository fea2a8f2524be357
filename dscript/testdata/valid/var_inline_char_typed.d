/* Exercises: inline definitions with char, typedef and pointer-free types, inline used in predicate and array key. */
typedef unsigned short port_t;
inline port_t HTTP = 80;
inline port_t HTTPS = 443;
inline char NL = '\n';

BEGIN
{
	ports[HTTP] = "http";
	ports[HTTPS] = "https";
	printf("%s %s%c", ports[80], ports[443], NL);
}
