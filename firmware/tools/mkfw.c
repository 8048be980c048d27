// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * mkfw - pack a flat RV32 firmware binary into corun-fw.bin: prepend the
 * struct corun_fw_header (fwif.h) with the payload size and CRC-32.
 *
 *	mkfw -l LOAD_ADDR -e ENTRY [-v FW_VERSION] in.bin out.bin
 *
 * LOAD_ADDR and ENTRY come from the linked ELF (__image_start, _start);
 * FW_VERSION defaults to the one in fw_version.h. The packer applies the
 * same checks as the MCU's loader, so a bad image fails at build time.
 */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <corun/fwif.h>

#include "../fw_version.h"

/* CRC-32 as zlib's crc32() (reflected 0xedb88320, inverted in and out). */
static u32 crc32_ieee(const u8 *p, size_t n)
{
	u32 crc = 0xffffffffu;
	unsigned int k;

	while (n--) {
		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static void put_le32(u8 *p, u32 v)
{
	p[0] = v;
	p[1] = v >> 8;
	p[2] = v >> 16;
	p[3] = v >> 24;
}

static int parse_u32(const char *s, u32 *v)
{
	char *end;
	unsigned long long x;

	errno = 0;
	x = strtoull(s, &end, 0);
	if (errno || end == s || *end || x > 0xffffffffull)
		return -1;
	*v = (u32)x;
	return 0;
}

static u8 *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	u8 *buf = NULL;
	long n;

	if (!f)
		return NULL;
	if (fseek(f, 0, SEEK_END))
		goto out;
	n = ftell(f);
	if (n < 0 || fseek(f, 0, SEEK_SET))
		goto out;
	buf = malloc(n ? n : 1);
	if (buf && fread(buf, 1, n, f) != (size_t)n) {
		free(buf);
		buf = NULL;
	}
	*len = n;
out:
	fclose(f);
	return buf;
}

static void usage(void)
{
	fprintf(stderr,
		"usage: mkfw -l LOAD_ADDR -e ENTRY [-v FW_VERSION] in.bin out.bin\n");
	exit(2);
}

int main(int argc, char **argv)
{
	u32 load = 0, entry = 0,
	    version = (FW_VERSION_MAJOR << 16) | FW_VERSION_MINOR;
	u8 hdr[sizeof(struct corun_fw_header)];
	bool have_load = false, have_entry = false;
	const char *in, *out;
	size_t len;
	FILE *f;
	u8 *buf;
	int c;

	while ((c = getopt(argc, argv, "l:e:v:")) != -1) {
		switch (c) {
		case 'l':
			if (parse_u32(optarg, &load))
				usage();
			have_load = true;
			break;
		case 'e':
			if (parse_u32(optarg, &entry))
				usage();
			have_entry = true;
			break;
		case 'v':
			if (parse_u32(optarg, &version))
				usage();
			break;
		default:
			usage();
		}
	}
	if (!have_load || !have_entry || argc - optind != 2)
		usage();
	in = argv[optind];
	out = argv[optind + 1];

	buf = read_file(in, &len);
	if (!buf) {
		fprintf(stderr, "mkfw: %s: %s\n", in, strerror(errno));
		return 1;
	}
	if (load % 4 || entry % 4) {
		fprintf(stderr,
			"mkfw: load 0x%x / entry 0x%x not 4-byte aligned\n",
			load, entry);
		return 1;
	}
	if (len == 0 || (u64)load + len > CORUN_MCU_MEM_SIZE) {
		fprintf(stderr,
			"mkfw: %zu bytes at 0x%x do not fit MCU memory (%u bytes)\n",
			len, load, CORUN_MCU_MEM_SIZE);
		return 1;
	}
	if (entry < load || entry - load + 4 > len) {
		fprintf(stderr, "mkfw: entry 0x%x outside the payload\n",
			entry);
		return 1;
	}

	memset(hdr, 0, sizeof(hdr));
	put_le32(hdr + offsetof(struct corun_fw_header, magic), CORUN_FW_MAGIC);
	put_le32(hdr + offsetof(struct corun_fw_header, fwif_version),
		 CORUN_FWIF_VERSION);
	put_le32(hdr + offsetof(struct corun_fw_header, header_size),
		 sizeof(hdr));
	put_le32(hdr + offsetof(struct corun_fw_header, fw_version), version);
	put_le32(hdr + offsetof(struct corun_fw_header, load_addr), load);
	put_le32(hdr + offsetof(struct corun_fw_header, entry), entry);
	put_le32(hdr + offsetof(struct corun_fw_header, payload_size), len);
	put_le32(hdr + offsetof(struct corun_fw_header, payload_crc32),
		 crc32_ieee(buf, len));

	f = fopen(out, "wb");
	if (!f) {
		fprintf(stderr, "mkfw: %s: %s\n", out, strerror(errno));
		return 1;
	}
	c = fwrite(hdr, 1, sizeof(hdr), f) != sizeof(hdr) ||
	    fwrite(buf, 1, len, f) != len;
	if (fclose(f) || c) {
		fprintf(stderr, "mkfw: %s: write failed\n", out);
		unlink(out);
		return 1;
	}
	free(buf);
	return 0;
}
