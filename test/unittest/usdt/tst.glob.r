PROVIDER MODULE FUNCTION NAME
dtgotestP1 usdtprog main tick
dtgotestP2 usdtprog main tick

dtgotestP1 P1
dtgotestP2 P2

