/*
 * CPU information: cpuinfo_t, translated from a CPU number, and curcpu,
 * the CPU the probe fired on.
 */

#pragma D depends_on library procfs.d

typedef int chipid_t;
typedef int lgrp_id_t;

typedef struct cpuinfo {
	processorid_t cpu_id;	/* the CPU's number */
	psetid_t cpu_pset;	/* processor set: -1, none */
	chipid_t cpu_chip;	/* physical package: not known, -1 */
	lgrp_id_t cpu_lgrp;	/* locality group: 0 */
} cpuinfo_t;

translator cpuinfo_t < int C > {
	cpu_id = C;
	cpu_pset = -1;
	cpu_chip = -1;
	cpu_lgrp = 0;
};

inline cpuinfo_t *curcpu = xlate <cpuinfo_t *> ((int)cpu);
