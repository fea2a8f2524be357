/* Exercises (BTF): struct sock cast and embedded __sk_common.skc_family member. */
fbt:vmlinux:tcp_v4_connect:entry
{
	this->sk = (struct sock *)arg0;
	@fam[this->sk->__sk_common.skc_family] = count();
}
