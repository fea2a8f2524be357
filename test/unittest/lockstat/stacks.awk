# Summarizes what @[stack()] = quantize(...) printed: whether a stack has
# a frame in the function named by -v frame, whether anything was
# counted, and whether every value counted was above 0 and below 10^10
# (ten seconds of nanoseconds: no plausible wait here).
/`/ {
	f = $1
	sub(/^.*`/, "", f)
	sub(/\+0x[0-9a-f]+$/, "", f)
	if (f ~ frame)
		found = 1
}
/^ *-?[0-9]+ \|/ {
	if ($NF > 0) {
		n += $NF
		if ($1 <= 0 || $1 >= 1e10)
			odd = 1
	}
}
END {
	printf("a stack in %s: %s\n", frame, found ? "yes" : "no")
	printf("counted: %s\n", n > 0 ? "yes" : "no")
	printf("every value above 0 and below 10 s: %s\n", odd ? "no" : "yes")
}
