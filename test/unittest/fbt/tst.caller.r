vmlinux`ksys_read+{ptr}

              vmlinux`ksys_read+{ptr}

