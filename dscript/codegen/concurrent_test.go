package codegen_test

import (
	"fmt"
	"sync"
	"testing"
)

// concurrentProgram uses builtin variables, string subroutines, every
// aggregating function, printf and printa, constants of the D library
// and variables of every scope.
const concurrentProgram = `#pragma D option strsize=128

BEGIN
{
	s = strjoin("a-", lltostr(probeprov == "dtrace" ? 1 : 2));
	printf("%s %d %s %s %s\n", s, strlen(s), substr(s, 0, 1), toupper(s), strtok(s, "-"));
	printf("%d %d %d %d %s %s %s\n", pid, ppid, uid, tid, execname, probefunc, probename);
	self->t = timestamp;
	this->x = arg0 + arg1 * 2;
	@c[execname, probemod] = count();
	@s = sum(this->x);
	@q = quantize(this->x);
	@l = lquantize(this->x, 0, 100, 10);
	@ll = llquantize(this->x, 10, 0, 6, 20);
	@mn = min(walltimestamp);
	@mx = max(vtimestamp);
	@av = avg(cpu);
	@sd = stddev(epid);
	a[s, 1] = EPERM + pid;
	trace(basename("/a/b") == "b" ? index("abc", "b") : rindex("abc", "c"));
	printa(@c);
	exit(0);
}

END
/self->t != 0/
{
	trace(timestamp - self->t);
}
`

// Compilers in several goroutines share nothing they write: go test
// -race reports the tables that are filled on first use, and each
// compilation gives the same program.
func TestConcurrentCompile(t *testing.T) {
	const n = 4
	listings := make([]string, n)
	errs := make([]error, n)
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			prog, err := build(concurrentProgram)
			if err != nil {
				errs[i] = err
				return
			}
			for _, cl := range prog.Clauses {
				listings[i] += fmt.Sprintf("%s:\n%v%v", cl.Symbol, cl.Insns, cl.Funcs)
			}
		}()
	}
	close(start)
	wg.Wait()
	for i := range n {
		if errs[i] != nil {
			t.Fatalf("compiler %d: %v", i, errs[i])
		}
		if listings[i] == "" || listings[i] != listings[0] {
			t.Errorf("compiler %d's program differs from compiler 0's:\n%s\nand\n%s", i, listings[i], listings[0])
		}
	}
}
