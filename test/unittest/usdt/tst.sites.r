main:sites 1 0
main:sites 0 2
main:sites 1 1
main:sites 10 2
main:sites 1 2
main:sites 20 2

