package session

import (
	"github.com/dtrace-go/dtrace/providers"
	"github.com/dtrace-go/dtrace/providers/builtin"
)

// NewRegistry returns a registry of every provider dtrace-go has, in the
// order dtrace -l lists them, describing the running system.
func NewRegistry() (*providers.Registry, error) {
	return NewSystemRegistry(providers.System{})
}

// NewSystemRegistry is NewRegistry with the providers reading the kernel's
// description of itself (tracefs, BTF) from where sys says.
func NewSystemRegistry(sys providers.System) (*providers.Registry, error) {
	return builtin.Registry(sys), nil
}
