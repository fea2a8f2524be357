#pragma D option quiet

/*
 * A hundred aggregations on one probe, more than a BPF program may have
 * maps: they share maps, one for each size of their values; printa(),
 * trunc() and clear() act on each alone.
 */
BEGIN
{
	@c0 = count();
	@s1[1] = sum(1);
	@a2["k2"] = avg(2);
	@q3[3, "x"] = max(3);
	@m4[4] = min(4); @m4[5] = min(5);
	@c5 = count();
	@s6[6] = sum(6);
	@a7["k7"] = avg(7);
	@q8[8, "x"] = max(8);
	@m9[9] = min(9); @m9[10] = min(10);
	@c10 = count();
	@s11[11] = sum(11);
	@a12["k12"] = avg(12);
	@q13[13, "x"] = max(13);
	@m14[14] = min(14); @m14[15] = min(15);
	@c15 = count();
	@s16[16] = sum(16);
	@a17["k17"] = avg(17);
	@q18[18, "x"] = max(18);
	@m19[19] = min(19); @m19[20] = min(20);
	@c20 = count();
	@s21[21] = sum(21);
	@a22["k22"] = avg(22);
	@q23[23, "x"] = max(23);
	@m24[24] = min(24); @m24[25] = min(25);
	@c25 = count();
	@s26[26] = sum(26);
	@a27["k27"] = avg(27);
	@q28[28, "x"] = max(28);
	@m29[29] = min(29); @m29[30] = min(30);
	@c30 = count();
	@s31[31] = sum(31);
	@a32["k32"] = avg(32);
	@q33[33, "x"] = max(33);
	@m34[34] = min(34); @m34[35] = min(35);
	@c35 = count();
	@s36[36] = sum(36);
	@a37["k37"] = avg(37);
	@q38[38, "x"] = max(38);
	@m39[39] = min(39); @m39[40] = min(40);
	@c40 = count();
	@s41[41] = sum(41);
	@a42["k42"] = avg(42);
	@q43[43, "x"] = max(43);
	@m44[44] = min(44); @m44[45] = min(45);
	@c45 = count();
	@s46[46] = sum(46);
	@a47["k47"] = avg(47);
	@q48[48, "x"] = max(48);
	@m49[49] = min(49); @m49[50] = min(50);
	@c50 = count();
	@s51[51] = sum(51);
	@a52["k52"] = avg(52);
	@q53[53, "x"] = max(53);
	@m54[54] = min(54); @m54[55] = min(55);
	@c55 = count();
	@s56[56] = sum(56);
	@a57["k57"] = avg(57);
	@q58[58, "x"] = max(58);
	@m59[59] = min(59); @m59[60] = min(60);
	@c60 = count();
	@s61[61] = sum(61);
	@a62["k62"] = avg(62);
	@q63[63, "x"] = max(63);
	@m64[64] = min(64); @m64[65] = min(65);
	@c65 = count();
	@s66[66] = sum(66);
	@a67["k67"] = avg(67);
	@q68[68, "x"] = max(68);
	@m69[69] = min(69); @m69[70] = min(70);
	@c70 = count();
	@s71[71] = sum(71);
	@a72["k72"] = avg(72);
	@q73[73, "x"] = max(73);
	@m74[74] = min(74); @m74[75] = min(75);
	@c75 = count();
	@s76[76] = sum(76);
	@a77["k77"] = avg(77);
	@q78[78, "x"] = max(78);
	@m79[79] = min(79); @m79[80] = min(80);
	@c80 = count();
	@s81[81] = sum(81);
	@a82["k82"] = avg(82);
	@q83[83, "x"] = max(83);
	@m84[84] = min(84); @m84[85] = min(85);
	@c85 = count();
	@s86[86] = sum(86);
	@a87["k87"] = avg(87);
	@q88[88, "x"] = max(88);
	@m89[89] = min(89); @m89[90] = min(90);
	@c90 = count();
	@s91[91] = sum(91);
	@a92["k92"] = avg(92);
	@q93[93, "x"] = max(93);
	@m94[94] = min(94); @m94[95] = min(95);
	@c95 = count();
	@s96[96] = sum(96);
	@a97["k97"] = avg(97);
	@q98[98, "x"] = max(98);
	@m99[99] = min(99); @m99[100] = min(100);
}

BEGIN
{
	trunc(@m4, 1);
	clear(@s1);
	printa("s1 %d %@d\n", @s1);
	printa("m4 %d %@d\n", @m4);
	printa("m9 %d %@d\n", @m9);
	trunc(@c0);
	exit(0);
}
