// throw: a C++ program that throws and catches, which libstdc++ reports
// through its SDT probes (libstdcxx:throw, libstdcxx:catch).
int main()
{
	int caught = 0;
	for (int i = 0; i < 3; i++) {
		try {
			throw i;
		} catch (int e) {
			caught += e;
		}
	}
	return caught != 3;
}
