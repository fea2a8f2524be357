   ID   PROVIDER            MODULE                          FUNCTION NAME
ID rawfbt vmlinux do_sys_openat2 entry

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: ISA

	Argument Types
		None

