[/aaaa/bbbb/cccc]
[aaaa/bbbb/ccc]

