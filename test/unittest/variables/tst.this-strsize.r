longer

