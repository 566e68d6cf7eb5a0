// Exact decimal arithmetic for the few sums, products and comparisons the browser does on money: a BigInt count of
// units of 10^-scale, never a float. What remotes used decimal.js for, without its ~12 KB gzip in the first load
// (issue 27). Parsing follows decimal.js for decimal strings (sign, digits, point, exponent) and throws where it threw.

/** A decimal string as decimal.js reads one: optional sign, digits with an optional point, optional exponent. */
const DECIMAL = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))(?:e([+-]?\d+))?$/i;
/** Exponents past this are refused rather than expanded into a huge BigInt (amounts never come near). */
const MAX_EXPONENT = 1000;

export type DecimalInput = ExactDecimal | string | number;

/** How a value is cut to a number of decimals: toward zero, away from zero, or toward minus infinity. */
export type Rounding = 'down' | 'up' | 'floor';

const TEN = BigInt(10);
const ZERO = BigInt(0);
const ONE = BigInt(1);

const pow10 = (n: number): bigint => TEN ** BigInt(n);

export class ExactDecimal {
  /** `units` × 10^-`scale`, kept without trailing zeros (so `scale` is the number of decimal places). */
  private constructor(
    private readonly units: bigint,
    private readonly scale: number,
  ) {}

  private static of(units: bigint, scale: number): ExactDecimal {
    while (scale > 0 && units % TEN === ZERO) {
      units /= TEN;
      scale--;
    }
    return new ExactDecimal(units, scale);
  }

  /** The decimal a string (or a finite number's own string) writes, or undefined when it is not one. */
  static parse(value: string | number): ExactDecimal | undefined {
    if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
    const m = DECIMAL.exec(String(value));
    if (!m) return undefined;
    const [, sign, int = '', frac = '', fracOnly = '', exp = '0'] = m;
    const fraction = frac || fracOnly;
    const e = Number(exp);
    if (Math.abs(e) > MAX_EXPONENT) return undefined;
    let units = BigInt(`${int}${fraction}` || '0');
    let scale = fraction.length - e;
    if (scale < 0) {
      units *= pow10(-scale);
      scale = 0;
    }
    return ExactDecimal.of(sign === '-' ? -units : units, scale);
  }

  /** Like `parse`, but a value that is not a decimal throws (as `new Decimal(value)` did). */
  static from(value: DecimalInput): ExactDecimal {
    if (value instanceof ExactDecimal) return value;
    const d = ExactDecimal.parse(value);
    if (!d) throw new TypeError(`Not a decimal: ${String(value)}`);
    return d;
  }

  /** 10^-places: one unit of an amount shown with `places` decimals. */
  static unit(places: number): ExactDecimal {
    return places >= 0 ? ExactDecimal.of(ONE, places) : ExactDecimal.of(pow10(-places), 0);
  }

  /** Both at the larger scale. */
  private aligned(other: DecimalInput): [bigint, bigint, number] {
    const o = ExactDecimal.from(other);
    const scale = Math.max(this.scale, o.scale);
    return [this.units * pow10(scale - this.scale), o.units * pow10(scale - o.scale), scale];
  }

  plus(other: DecimalInput): ExactDecimal {
    const [a, b, scale] = this.aligned(other);
    return ExactDecimal.of(a + b, scale);
  }

  minus(other: DecimalInput): ExactDecimal {
    const [a, b, scale] = this.aligned(other);
    return ExactDecimal.of(a - b, scale);
  }

  times(other: DecimalInput): ExactDecimal {
    const o = ExactDecimal.from(other);
    return ExactDecimal.of(this.units * o.units, this.scale + o.scale);
  }

  /** -1, 0 or 1 as this is below, equal to or above `other`. */
  compare(other: DecimalInput): -1 | 0 | 1 {
    const [a, b] = this.aligned(other);
    return a < b ? -1 : a > b ? 1 : 0;
  }

  lt(other: DecimalInput): boolean {
    return this.compare(other) < 0;
  }

  lte(other: DecimalInput): boolean {
    return this.compare(other) <= 0;
  }

  gt(other: DecimalInput): boolean {
    return this.compare(other) > 0;
  }

  gte(other: DecimalInput): boolean {
    return this.compare(other) >= 0;
  }

  abs(): ExactDecimal {
    return this.units < ZERO ? new ExactDecimal(-this.units, this.scale) : this;
  }

  isZero(): boolean {
    return this.units === ZERO;
  }

  /** Above zero. */
  isPositive(): boolean {
    return this.units > ZERO;
  }

  isInteger(): boolean {
    return this.scale === 0;
  }

  /** The number of decimals it has (trailing zeros do not count). */
  decimalPlaces(): number {
    return this.scale;
  }

  /** Cut to at most `places` decimals (0 or more), rounding as `rounding` says. */
  round(places: number, rounding: Rounding): ExactDecimal {
    if (this.scale <= places) return this;
    const divisor = pow10(this.scale - places);
    let q = this.units / divisor; // BigInt division truncates toward zero
    const cut = q * divisor !== this.units;
    if (cut && rounding === 'up') q += this.units < ZERO ? -ONE : ONE;
    if (cut && rounding === 'floor' && this.units < ZERO) q -= ONE;
    return ExactDecimal.of(q, places);
  }

  /** Plain notation, no exponent, no trailing zeros: "0.0000001", "-12.5", "1000". */
  toFixed(): string {
    const negative = this.units < ZERO;
    const digits = (negative ? -this.units : this.units).toString();
    if (this.scale === 0) return `${negative ? '-' : ''}${digits}`;
    const padded = digits.padStart(this.scale + 1, '0');
    const point = padded.length - this.scale;
    return `${negative ? '-' : ''}${padded.slice(0, point)}.${padded.slice(point)}`;
  }

  toString(): string {
    return this.toFixed();
  }
}
