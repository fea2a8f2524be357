BEGIN
{
	printf("%*d"); /* ERROR D_PRINTF_DYN_PROTO "^printf\( \) prototype mismatch: conversion #1 \(%d\) is missing a corresponding \x22\*\x22 argument$" */
}
