package main

const isArm64 = true
