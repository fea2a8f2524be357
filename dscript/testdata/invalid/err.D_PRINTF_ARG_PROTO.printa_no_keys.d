BEGIN
{
	@a = count();
	printa("%d", @a); /* ERROR D_PRINTF_ARG_PROTO "^printa\( \) prototype mismatch: conversion #1 \(%d\) is missing a corresponding value argument$" */
}
