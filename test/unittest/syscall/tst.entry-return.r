entry 617
return 620

