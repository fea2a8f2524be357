PROVIDER MODULE FUNCTION NAME
dtgotest* usdtprog main tick

dtgotestP1 P1
dtgotestP2 P2

