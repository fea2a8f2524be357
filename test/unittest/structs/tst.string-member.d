#pragma D option quiet

/* A member of type string is assigned and compared like a string variable. */
struct named {
	int id;
	string name;
};

struct named n;

BEGIN
{
	n.id = 7;
	n.name = "seven";
	printf("%d %s %d %d\n", n.id, n.name, n.name == "seven", strlen(n.name));
	n.name = strjoin(n.name, "ty");
	printf("%s\n", n.name);
	exit(0);
}
