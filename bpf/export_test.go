package bpf

import "sync/atomic"

// Pending returns the number of bytes produced and not yet consumed,
// headers included: what the tests of the Reader check its positions by.
func (r *Reader) Pending() int {
	if r.closed {
		return 0
	}
	return int(atomic.LoadUint64(r.producerPos()) - atomic.LoadUint64(r.consumerPos()))
}
