abcdef

