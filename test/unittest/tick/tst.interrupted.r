0 firings on another CPU than the first
0 firings with both or neither PC
some firings in other processes

