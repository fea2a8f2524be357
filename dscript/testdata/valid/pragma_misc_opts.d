/* Exercises: assorted options: bufpolicy, flowindent, nspec, stackframes, ustackframes, rawbytes, defaultargs, zdefs. */
#pragma D option bufpolicy=ring
#pragma D option flowindent
#pragma D option nspec=8
#pragma D option stackframes=32
#pragma D option ustackframes=64
#pragma D option rawbytes
#pragma D option defaultargs
#pragma D option zdefs

fbt:vmlinux:vfs_*:entry,
fbt:vmlinux:vfs_*:return
/execname == "cat"/
{
}
