import { constants as zlibConstants, crc32, deflateRawSync } from 'node:zlib';
import { ownBytes } from './compression.ts';

/**
 * A page's parts (its body cut at each occurrence of the CSP nonce it was rendered with), each
 * deflated on its own, with what the gzip trailer needs of each: made once per cached page, so
 * that each response only joins them around its own nonce (gzipAroundNonce).
 */
export interface DeflatedParts {
  deflated: Buffer[];
  /** CRC-32 of each part, uncompressed. */
  checksums: number[];
  lengths: number[];
}

export function deflateParts(parts: Buffer[], level: number): DeflatedParts {
  return {
    // Sync flush: each part ends on a byte boundary, so the next block can follow it.
    deflated: parts.map((part) =>
      ownBytes(deflateRawSync(part, { level, finishFlush: zlibConstants.Z_SYNC_FLUSH })),
    ),
    // Node 20's crc32 answers 0 for an empty buffer zlib has read; an empty part's CRC is 0.
    checksums: parts.map((part) => (part.length > 0 ? crc32(part) : 0)),
    lengths: parts.map((part) => part.length),
  };
}

/** gzip member header: deflate, no name, no time, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** An empty last block (fixed Huffman codes): what zlib ends a stream with after a flush. */
const DEFLATE_LAST_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);

/**
 * A gzip stream of the parts joined by `nonce`, without compressing anything: each deflated
 * part ends on a byte boundary (sync flush) and refers to no bytes before it (it was deflated
 * alone), so the parts can follow each other with the nonce between them as a stored block
 * (RFC 1951 3.2.4). The body's checksum is combined from the parts' stored ones and the
 * nonce's: reading the whole page again for it cost more than anything else a cached page hit
 * did (2-3% of the server's time under the load bench).
 */
export function gzipAroundNonce(page: DeflatedParts, nonce: Buffer): Buffer {
  const storedNonce = Buffer.alloc(5 + nonce.length);
  // BFINAL 0, BTYPE 00 (stored), then LEN and its one's complement, then the bytes.
  storedNonce.writeUInt16LE(nonce.length, 1);
  storedNonce.writeUInt16LE(~nonce.length & 0xffff, 3);
  nonce.copy(storedNonce, 5);
  const nonceChecksum = crc32(nonce);

  let checksum = 0;
  let size = 0;
  const chunks: Buffer[] = [GZIP_HEADER];
  page.deflated.forEach((deflated, index) => {
    if (index > 0) {
      chunks.push(storedNonce);
      checksum = crc32Combine(checksum, nonceChecksum, nonce.length);
      size += nonce.length;
    }
    chunks.push(deflated);
    checksum = crc32Combine(checksum, page.checksums[index]!, page.lengths[index]!);
    size += page.lengths[index]!;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(DEFLATE_LAST_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** The reflected CRC-32 polynomial (gzip's). */
const POLY = 0xedb88320;

/** a(x) * b(x) modulo the CRC polynomial (zlib's multmodp). */
function multiplyModPoly(a: number, b: number): number {
  let m = 0x80000000;
  let product = 0;
  for (;;) {
    if (a & m) {
      product ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) modulo the polynomial, for k = 0..31 (zlib's x2n_table). */
const X_TO_2_TO_THE: number[] = (() => {
  const table: number[] = [];
  let p = 0x40000000; // x^1
  table.push(p);
  for (let k = 1; k < 32; k++) table.push((p = multiplyModPoly(p, p)));
  return table;
})();

/** x^(n * 2^k) modulo the polynomial (zlib's x2nmodp). */
function xToThe(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n) {
    if (n & 1) p = multiplyModPoly(X_TO_2_TO_THE[k & 31]!, p);
    n >>>= 1;
    k++;
  }
  return p;
}

/**
 * The CRC-32 of A followed by B from CRC(A), CRC(B) and B's length (zlib's crc32_combine):
 * about 30 table steps whatever the lengths.
 */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (multiplyModPoly(xToThe(lengthB, 3), crcA) ^ crcB) >>> 0;
}
