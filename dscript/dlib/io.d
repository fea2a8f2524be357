/*
 * Block I/O: bufinfo_t, devinfo_t and fileinfo_t, translated from the
 * running kernel's struct request (io:::start and done) and struct bio
 * (io:::wait-start and wait-done), the arguments of the io provider.
 */

typedef long long offset_t;

inline int B_BUSY = 0x0001;
inline int B_DONE = 0x0002;
inline int B_ERROR = 0x0004;
inline int B_PAGEIO = 0x0010;
inline int B_PHYS = 0x0020;
inline int B_READ = 0x0040;
inline int B_WRITE = 0x0100;
inline int B_ASYNC = 0x0400;

typedef struct bufinfo {
	int b_flags;		/* B_READ or B_WRITE, and B_ASYNC */
	size_t b_bcount;	/* bytes to transfer */
	caddr_t b_addr;		/* buffer address: not known, 0 */
	uint64_t b_lblkno;	/* block number on the device (512 bytes) */
	uint64_t b_blkno;	/* the same */
	size_t b_resid;		/* bytes not transferred: 0 */
	size_t b_bufsize;	/* size of the buffer */
	caddr_t b_iodone;	/* completion routine: 0 */
	int b_error;		/* error: 0 */
	dev_t b_edev;		/* the device (major << 20 | minor) */
} bufinfo_t;

typedef struct devinfo {
	int dev_major;		/* major number */
	int dev_minor;		/* minor number */
	int dev_instance;	/* instance: the minor number */
	string dev_name;	/* the disk's name */
	string dev_statname;	/* the disk's name, as iostat shows it */
	string dev_pathname;	/* its device file */
} devinfo_t;

typedef struct fileinfo {
	string fi_name;		/* the file's name: not known, <none> */
	string fi_dirname;	/* its directory: <none> */
	string fi_pathname;	/* its path: <none> */
	offset_t fi_offset;	/* offset in the file: -1 */
	string fi_fs;		/* file system: <none> */
	string fi_mount;	/* mount point: <none> */
	int fi_oflags;		/* open flags: 0 */
} fileinfo_t;

translator bufinfo_t < struct request *R > {
	b_flags = ((R->cmd_flags & 0xff) == 1 ? B_WRITE : B_READ) |
	    ((R->cmd_flags & (1 << 11)) == 0 ? B_ASYNC : 0);
	b_bcount = R->__data_len;
	b_addr = (caddr_t)0;
	b_lblkno = R->__sector;
	b_blkno = R->__sector;
	b_resid = 0;
	b_bufsize = R->__data_len;
	b_iodone = (caddr_t)0;
	b_error = 0;
	b_edev = R->q->disk == NULL ? 0 :
	    ((dev_t)R->q->disk->major << 20) | R->q->disk->first_minor;
};

translator devinfo_t < struct request *R > {
	dev_major = R->q->disk->major;
	dev_minor = R->q->disk->first_minor;
	dev_instance = R->q->disk->first_minor;
	dev_name = stringof(R->q->disk->disk_name);
	dev_statname = stringof(R->q->disk->disk_name);
	dev_pathname = strjoin("/dev/", stringof(R->q->disk->disk_name));
};

translator fileinfo_t < struct request *R > {
	fi_name = "<none>";
	fi_dirname = "<none>";
	fi_pathname = "<none>";
	fi_offset = -1;
	fi_fs = "<none>";
	fi_mount = "<none>";
	fi_oflags = 0;
};

/*
 * A bio knows its block device (a partition or the whole disk): its dev_t
 * is the kernel's (major << 20 | minor).
 */
translator bufinfo_t < struct bio *B > {
	b_flags = ((B->bi_opf & 0xff) == 1 ? B_WRITE : B_READ) |
	    ((B->bi_opf & (1 << 11)) == 0 ? B_ASYNC : 0);
	b_bcount = B->bi_iter.bi_size;
	b_addr = (caddr_t)0;
	b_lblkno = B->bi_iter.bi_sector;
	b_blkno = B->bi_iter.bi_sector;
	b_resid = 0;
	b_bufsize = B->bi_iter.bi_size;
	b_iodone = (caddr_t)B->bi_end_io;
	b_error = 0;
	b_edev = B->bi_bdev == NULL ? 0 : B->bi_bdev->bd_dev;
};

translator devinfo_t < struct bio *B > {
	dev_major = B->bi_bdev->bd_dev >> 20;
	dev_minor = B->bi_bdev->bd_dev & 0xfffff;
	dev_instance = B->bi_bdev->bd_dev & 0xfffff;
	dev_name = stringof(B->bi_bdev->bd_disk->disk_name);
	dev_statname = stringof(B->bi_bdev->bd_disk->disk_name);
	dev_pathname = strjoin("/dev/", stringof(B->bi_bdev->bd_disk->disk_name));
};

translator fileinfo_t < struct bio *B > {
	fi_name = "<none>";
	fi_dirname = "<none>";
	fi_pathname = "<none>";
	fi_offset = -1;
	fi_fs = "<none>";
	fi_mount = "<none>";
	fi_oflags = 0;
};
