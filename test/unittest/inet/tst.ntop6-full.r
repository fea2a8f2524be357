2001:db8:1234:abcd:1:ffff:1000:f
ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff
100:1:100:1:100:1:100:1

