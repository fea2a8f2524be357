BEGIN
{
	printf("%d %d", 1); /* ERROR D_PRINTF_ARG_PROTO "^printf\( \) prototype mismatch: conversion #2 \(%d\) is missing a corresponding value argument$" */
}
