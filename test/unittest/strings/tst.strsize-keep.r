abcdefgh 8 01234567
abcdefgh
1 2
abcdefgh 12345678
abcdefgh 1

