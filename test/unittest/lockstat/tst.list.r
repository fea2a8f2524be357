   ID   PROVIDER            MODULE                          FUNCTION NAME
ID lockstat vmlinux adaptive-acquire

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: struct mutex *

ID lockstat vmlinux adaptive-acquire-error

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: struct mutex *
		args[1]: int

ID lockstat vmlinux adaptive-block

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: struct mutex *
		args[1]: uint64_t

ID lockstat vmlinux adaptive-release

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: struct mutex *

ID lockstat vmlinux adaptive-spin

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: struct mutex *
		args[1]: uint64_t

ID lockstat vmlinux rw-acquire

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: rwlock_t *
		args[1]: int

ID lockstat vmlinux rw-block

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: struct rw_semaphore *
		args[1]: uint64_t
		args[2]: int

ID lockstat vmlinux rw-release

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: rwlock_t *
		args[1]: int

ID lockstat vmlinux rw-spin

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: rwlock_t *
		args[1]: uint64_t
		args[2]: int

ID lockstat vmlinux spin-acquire

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: spinlock_t *

ID lockstat vmlinux spin-release

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: spinlock_t *

ID lockstat vmlinux spin-spin

	Probe Description Attributes
		Identifier Names: Private
		Data Semantics:   Private
		Dependency Class: Unknown

	Argument Attributes
		Identifier Names: Evolving
		Data Semantics:   Evolving
		Dependency Class: ISA

	Argument Types
		args[0]: spinlock_t *
		args[1]: uint64_t

-- @@stderr --
dtrace: lockstat:::adaptive-acquire is not available: it fires at mutex_lock's return, and this kernel cannot probe mutex_lock: it has no kprobes (CONFIG_KPROBES) and it refuses fentry programs (operation not permitted)
dtrace: lockstat:::adaptive-release is not available: it fires at mutex_unlock's return, and this kernel cannot probe mutex_unlock: it has no kprobes (CONFIG_KPROBES) and it refuses fentry programs (operation not permitted)
dtrace: lockstat:::rw-acquire is not available: it fires at the returns of _raw_read_lock*, _raw_read_trylock*, _raw_write_lock*, _raw_write_trylock*, and this kernel cannot probe _raw_read_lock: it has no kprobes (CONFIG_KPROBES) and it refuses fentry programs (operation not permitted)
dtrace: lockstat:::rw-release is not available: it fires at the returns of _raw_read_unlock*, _raw_write_unlock*, and this kernel cannot probe _raw_read_unlock: it has no kprobes (CONFIG_KPROBES) and it refuses fentry programs (operation not permitted)
dtrace: lockstat:::spin-acquire is not available: it fires at the returns of _raw_spin_lock*, _raw_spin_trylock*, and this kernel cannot probe _raw_spin_lock: it has no kprobes (CONFIG_KPROBES) and it refuses fentry programs (operation not permitted)
dtrace: lockstat:::spin-release is not available: it fires at the returns of _raw_spin_unlock*, and this kernel cannot probe _raw_spin_unlock: it has no kprobes (CONFIG_KPROBES) and it refuses fentry programs (operation not permitted)
