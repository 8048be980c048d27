// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * binary64 from C, the way kernels use it: + - * /, __builtin_sqrt,
 * __builtin_fma, __builtin_fmin/fmax, float <-> double and int <-> double
 * conversions and comparisons over the edge values, in every dynamic
 * rounding mode; then doubles passed by value (integer register pairs in
 * the ilp32f ABI), kept in memory, and accumulated in small loops mixed
 * with float. Results are printed as raw bit patterns with the fflags
 * each operation raised. The lane input rotates operands so lanes differ.
 */
#include "rt.h"
#include "fpvals.h"
#include "fpvals64.h"

/*
 * Opaque copies: the compiler can neither fold an operation on table
 * values nor move it across clear_fflags()/get_fflags(), because its
 * operands come out of, and its result goes into, a volatile asm.
 */
static inline double hd(double x)
{
	__asm__ volatile("" : "+f"(x));
	return x;
}

static inline float hf(float x)
{
	__asm__ volatile("" : "+f"(x));
	return x;
}

static inline uint32_t hu(uint32_t x)
{
	__asm__ volatile("" : "+r"(x));
	return x;
}

static void res_d(double r)
{
	r = hd(r);
	out64(d2u(r));
	out(get_fflags());
}

static void res_u(uint32_t r)
{
	r = hu(r);
	out(r);
	out(get_fflags());
}

/* Evaluate @expr (a double) of a, b on fresh fflags and print it. */
#define DOP(expr)                                                           \
	do {                                                                \
		clear_fflags();                                             \
		a = hd(a);                                                  \
		b = hd(b);                                                  \
		res_d(expr);                                                \
	} while (0)

/* The same for an int-valued @expr (comparisons). */
#define IOP(expr)                                                           \
	do {                                                                \
		clear_fflags();                                             \
		a = hd(a);                                                  \
		b = hd(b);                                                  \
		res_u((uint32_t)(expr));                                    \
	} while (0)

/* Unary forms: @expr of a only. */
#define DOP1(expr)                                                          \
	do {                                                                \
		clear_fflags();                                             \
		a = hd(a);                                                  \
		res_d(expr);                                                \
	} while (0)

#define IOP1(expr)                                                          \
	do {                                                                \
		clear_fflags();                                             \
		a = hd(a);                                                  \
		res_u((uint32_t)(expr));                                    \
	} while (0)

static void arith(double a, double b)
{
	DOP(a + b);
	DOP(a - b);
	DOP(a * b);
	DOP(a / b);
}

/* Rounding-mode independent operations on a pair. */
static void pair_misc(double a, double b)
{
	DOP(__builtin_fmin(a, b));
	DOP(__builtin_fmax(a, b));
	DOP(__builtin_copysign(a, b));
	IOP(a < b);
	IOP(a <= b);
	IOP(a == b);
	IOP(a > b);
	IOP(a >= b);
	IOP(a != b);
	IOP(__builtin_isunordered(a, b));
}

/* @expr of a, b, c on fresh fflags. */
#define DOP3(expr)                                                          \
	do {                                                                \
		clear_fflags();                                             \
		a = hd(a);                                                  \
		b = hd(b);                                                  \
		c = hd(c);                                                  \
		res_d(expr);                                                \
	} while (0)

static void fused(double a, double b, double c)
{
	DOP3(__builtin_fma(a, b, c));
	DOP3(__builtin_fma(a, b, -c));
	DOP3(__builtin_fma(-a, b, c));
	DOP3(__builtin_fma(-a, b, -c));
}

/* Unary operations and conversions out of double. */
static void unary(double a)
{
	DOP1(__builtin_sqrt(a));
	DOP1(-a);
	DOP1(__builtin_fabs(a));
	clear_fflags();
	a = hd(a);
	out(f2u(hf((float)a)));
	out(get_fflags());
	/* C conversions truncate (rtz); lrint uses the dynamic mode. */
	IOP1((int32_t)a);
	IOP1((uint32_t)a);
	IOP1(__builtin_lrint(a));
	/* Compares and branches; the values are arbitrary class numbers. */
	IOP1(__builtin_fpclassify(0, 1, 2, 3, 4, a));
}

static const uint32_t ints[] = {
	0, 1, 2, 3, 7, 0x7fffffff, 0x80000000, 0x80000001, 0xffffffff,
	0xfffffffe, 0x00ffffff, 0x01000001, 0x12345678, 0x87654321,
	0xfffffff5, 0xc0000001,
};

/* Conversions into double (all exact) and float -> double -> float. */
static void into_double(void)
{
	for (unsigned int i = 0; i < sizeof(ints) / 4; i++) {
		uint32_t v = ints[i];

		clear_fflags();
		v = hu(v);
		res_d((double)(int32_t)v);
		clear_fflags();
		v = hu(v);
		res_d((double)v);
	}
	for (unsigned int i = 0; i < NFPVALS; i++) {
		float f = u2f(fpvals[i]);
		double d;

		clear_fflags();
		f = hf(f);
		d = hd((double)f);
		out64(d2u(d));
		out(get_fflags());
		/* Back to single: exact unless NaN (canonicalised). */
		clear_fflags();
		d = hd(d);
		out(f2u(hf((float)d)));
		out(get_fflags());
		clear_fflags();
		f = hf(f);
		res_d((double)f * (double)f);
	}
}

/*
 * ilp32f passes and returns doubles in integer register pairs (or on the
 * stack), so these calls move them through sw/lw and fld/fsd.
 */
__attribute__((noinline)) static double horner(const double *c, int n,
					       double x)
{
	double r = c[n - 1];

	for (int i = n - 2; i >= 0; i--)
		r = __builtin_fma(r, x, c[i]);
	return r;
}

__attribute__((noinline)) static double many_args(double a, float b,
						  double c, int d, double e,
						  double f, double g)
{
	return ((a + b) * c - d) / e + f * g;
}

/* Newton's iteration for 1/sqrt(s), as a kernel might refine a guess. */
static double rsqrt_newton(double s)
{
	double y = (double)(1.0f / __builtin_sqrtf((float)s));

	for (int i = 0; i < 3; i++)
		y = y * (1.5 - 0.5 * s * y * y);
	return y;
}

static void kernels(uint32_t seed)
{
	static double buf[64];
	double coef[8], acc = 0, dot = 0;
	float facc = 0;

	for (int i = 0; i < 8; i++)
		coef[i] = hd(1.0 / (double)(i + 1)) * (i & 1 ? -1 : 1);
	for (int i = 0; i < 64; i++) {
		uint32_t v = rt_rand(&seed);

		/* Mostly moderate values, some table entries. */
		if (v & 1)
			buf[i] = (double)(int32_t)v / (double)(1u << (v & 15));
		else
			buf[i] = u2d(fpvals64[v % NFPVALS64]);
	}
	for (int i = 0; i < 64; i++) {
		double x = buf[i];

		clear_fflags();
		res_d(horner(coef, 8, x));
		acc += x;
		dot = __builtin_fma(x, buf[63 - i], dot);
		facc += (float)x;
		out64(d2u(hd(acc)));
		out64(d2u(hd(dot)));
		out(f2u(hf(facc)));
		/* Lanes diverge on a double compare. */
		if (x > 1.0 && x < 1e9)
			out64(d2u(rsqrt_newton(x)));
		else if (x != x)
			out(0xdead);
		else
			out((uint32_t)(int32_t)__builtin_fmax(x, -1e9));
		res_d(many_args(x, (float)acc, buf[(i + 1) & 63], i,
				 buf[(i + 7) & 63], dot, x));
	}
	/* Stores of computed doubles, read back through memory. */
	for (int i = 0; i < 64; i++)
		buf[i] = buf[i] * buf[(i * 5) & 63] + 0.25;
	for (int i = 0; i < 64; i++)
		out64(d2u(buf[i]));
}

int main(void)
{
	unsigned int rot = corun_lane_input % NFPVALS64;
	uint32_t seed = 0x2545f491u ^ corun_lane_input;

	for (uint32_t frm = 0; frm < 5; frm++) {
		set_frm(frm);
		for (unsigned int i = 0; i < NFPVALS64; i++) {
			double a = u2d(fpvals64[(i + rot) % NFPVALS64]);

			unary(a);
			/* All pairs in RNE, a stride of them otherwise. */
			for (unsigned int j = frm ? i % 5 : 0; j < NFPVALS64;
			     j += frm ? 5 : 1)
				arith(a, u2d(fpvals64[j]));
		}
		for (unsigned int k = 0; k < 300; k++) {
			uint64_t a = fpvals64[rt_rand(&seed) % NFPVALS64];
			uint64_t b = fpvals64[rt_rand(&seed) % NFPVALS64];
			uint64_t c = fpvals64[rt_rand(&seed) % NFPVALS64];

			/* Random products cancelling against c. */
			if (k & 1) {
				a = (uint64_t)rt_rand(&seed) << 32 |
				    rt_rand(&seed);
				b = ((uint64_t)rt_rand(&seed) << 32 |
				     rt_rand(&seed));
				b = (b & 0x801fffffffffffffull) |
				    0x3fc0000000000000ull;
				c = (a ^ 0x8000000000000000ull) +
				    (rt_rand(&seed) & 0xfff);
			}
			fused(u2d(a), u2d(b), u2d(c));
			/* Close exponents: the rounding paths. */
			a = (uint64_t)rt_rand(&seed) << 32 | rt_rand(&seed);
			b = (uint64_t)rt_rand(&seed) << 32 | rt_rand(&seed);
			b = (b & 0x800fffffffffffffull) |
			    (a & 0x7ff0000000000000ull);
			arith(u2d(a), u2d(b));
			unary(u2d(a & 0x7fffffffffffffffull));
		}
		into_double();
	}
	set_frm(0);
	for (unsigned int i = 0; i < NFPVALS64; i++)
		for (unsigned int j = 0; j < NFPVALS64; j++)
			pair_misc(u2d(fpvals64[(i + rot) % NFPVALS64]),
				  u2d(fpvals64[j]));
	kernels(seed);
	return 0;
}
