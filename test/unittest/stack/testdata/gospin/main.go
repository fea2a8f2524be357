// Command gospin spins in user space, in main.spin, forever: what a
// profile probe samples of it is always main.spin.
package main

//go:noinline
func spin(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i * i
	}
	return s
}

var sink int

func main() {
	for {
		sink += spin(1 << 20)
	}
}
