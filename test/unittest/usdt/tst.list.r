MODULE FUNCTION NAME
usdtprog forms forms
usdtprog main plain
usdtprog main sites
usdtprog main semvalue
usdtprog main guarded
usdtprog main tick
