/**
 * CRC-32 (the gzip one) of two byte runs put end to end, from the CRC of each and the second's
 * length, as zlib's crc32_combine does it (multiplication modulo the CRC polynomial). Node exposes
 * zlib's crc32 but not this: with it a kept page's checksum is put together from its pieces'
 * instead of being computed again over the whole page for every answer.
 */
const reflectedPolynomial = 0xedb88320;
/** x^0 in the reflected representation: the top bit. */
const one = 0x80000000;

/** a(x) · b(x) modulo the polynomial; a must not be zero. */
function multiplyModulo(a: number, b: number): number {
  let mask = one;
  let product = 0;
  for (;;) {
    if ((a & mask) !== 0) {
      product ^= b;
      if ((a & (mask - 1)) === 0) break;
    }
    mask >>>= 1;
    b = b & 1 ? (b >>> 1) ^ reflectedPolynomial : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0…31. */
const powersOfTwo = new Uint32Array(32);
powersOfTwo[0] = one >>> 1;
for (let k = 1; k < 32; k++) powersOfTwo[k] = multiplyModulo(powersOfTwo[k - 1]!, powersOfTwo[k - 1]!);

/**
 * x^(8·bytes) modulo the polynomial: what appending `bytes` zero bytes multiplies a CRC by. Worth
 * keeping for a length that comes back (see crc32CombineShifted).
 */
export function crc32ShiftFor(bytes: number): number {
  let power = one;
  for (let k = 3; bytes > 0; bytes = Math.floor(bytes / 2), k++) {
    if (bytes % 2 === 1) power = multiplyModulo(powersOfTwo[k % 32]!, power);
  }
  return power;
}

/** CRC-32 of A followed by B, given CRC-32 of A, CRC-32 of B and B's length in bytes. */
export function crc32Combine(first: number, second: number, secondLength: number): number {
  return crc32CombineShifted(first, second, crc32ShiftFor(secondLength));
}

/** crc32Combine with crc32ShiftFor(B's length) already known. */
export function crc32CombineShifted(first: number, second: number, secondShift: number): number {
  return (multiplyModulo(secondShift, first) ^ second) >>> 0;
}
