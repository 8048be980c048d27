// SPDX-License-Identifier: GPL-2.0
/*
 * mmio: read or write one 32-bit register of a PCI memory BAR through its
 * sysfs resource file. Built statically on the host, run in the guest from
 * the 9p share (no driver may own the device).
 *
 * Usage: mmio RESOURCE OFFSET            print the value as 0x%08x
 *        mmio RESOURCE OFFSET VALUE      write VALUE
 * OFFSET and VALUE accept C notation (0x...). Exit status 0, or 1 with a
 * message on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

static int parse_u32(const char *s, uint32_t *out)
{
	char *end;
	unsigned long long v;

	errno = 0;
	v = strtoull(s, &end, 0);
	if (errno || end == s || *end || v > UINT32_MAX)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

int main(int argc, char **argv)
{
	uint32_t off, val = 0;
	volatile uint32_t *reg;
	struct stat st;
	void *map;
	int fd;

	if (argc != 3 && argc != 4) {
		fprintf(stderr, "usage: %s RESOURCE OFFSET [VALUE]\n", argv[0]);
		return 1;
	}
	if (parse_u32(argv[2], &off) || (off & 3)) {
		fprintf(stderr, "mmio: bad offset '%s' (aligned 32-bit)\n",
			argv[2]);
		return 1;
	}
	if (argc == 4 && parse_u32(argv[3], &val)) {
		fprintf(stderr, "mmio: bad value '%s'\n", argv[3]);
		return 1;
	}
	fd = open(argv[1], argc == 4 ? O_RDWR | O_SYNC : O_RDONLY | O_SYNC);
	if (fd < 0 || fstat(fd, &st)) {
		fprintf(stderr, "mmio: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	if ((uint64_t)off + 4 > (uint64_t)st.st_size) {
		fprintf(stderr, "mmio: offset 0x%" PRIx32 " beyond %s (%lld bytes)\n",
			off, argv[1], (long long)st.st_size);
		return 1;
	}
	map = mmap(NULL, st.st_size,
		   argc == 4 ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED,
		   fd, 0);
	if (map == MAP_FAILED) {
		fprintf(stderr, "mmio: mmap %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	reg = (volatile uint32_t *)((char *)map + off);
	if (argc == 4)
		*reg = val;
	else
		printf("0x%08" PRIx32 "\n", *reg);
	munmap(map, st.st_size);
	close(fd);
	return 0;
}
