// SPDX-License-Identifier: GPL-2.0
/*
 * main() for host KUnit test programs; kept apart from kunit.c so a
 * program with its own main() can link the runtime and call
 * kunit_host_main() itself.
 */
#include <kunit/test.h>

int main(int argc, char **argv)
{
	return kunit_host_main(argc, argv);
}
