// Command gorecurse is the Go program of the pid provider's tests: its
// probed function recurses deeply enough to grow, and so move, its
// goroutine's stack between its entry and its return, while other
// goroutines run. Four goroutines each call recurse(2000, g) five times:
// 40,020 calls. It prints nothing.
package main

import (
	"os"
	"sync"
)

//go:noinline
func recurse(n int, seed int) int {
	var pad [512]byte // a large frame: the stack grows, and moves
	pad[n%512] = byte(seed)
	if n == 0 {
		return seed
	}
	return recurse(n-1, seed) + int(pad[n%512]&1)
}

func main() {
	var wg sync.WaitGroup
	sums := make([]int, 4)
	for g := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				sums[g] += recurse(2000, g)
			}
		}()
	}
	wg.Wait()
	for g, s := range sums {
		if s != 5*(g+2000*(g&1)) {
			os.Exit(1)
		}
	}
}
