ustackdepth is the number of frames ustack() shows
