	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown
	Argument Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown
	Argument Types
		args[0]: int8_t
		args[1]: uint16_t
		args[2]: int32_t
		args[3]: int64_t
