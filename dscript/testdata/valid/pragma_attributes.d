/* Exercises: #pragma D attributes for each part of a provider declared in the script. */
provider myapp {
	probe request__start(int, char *);
	probe request__done(int, int);
};

#pragma D attributes Evolving/Evolving/Common provider myapp provider
#pragma D attributes Private/Private/Unknown provider myapp module
#pragma D attributes Private/Private/Unknown provider myapp function
#pragma D attributes Evolving/Evolving/Common provider myapp name
#pragma D attributes Evolving/Evolving/Common provider myapp args

BEGIN
{
	exit(0);
}
