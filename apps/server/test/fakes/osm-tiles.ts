import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

/**
 * A local stand-in for the OpenStreetMap tile server (docs/EXTERNAL-APIS.md section 4, "Tiles"):
 * `GET /{z}/{x}/{y}.png` answers one static 256x256 PNG for any tile, with the week-long cache
 * lifetime the tile policy asks clients to honour; any other path is 404. The browser tests and
 * the Lighthouse bench point MAP_TILE_URL at it, since the real tiles cannot be reached here.
 */
export interface FakeOsmTiles {
  /** MAP_TILE_URL */
  tileUrl: string;
  close(): Promise<void>;
}

const TILE_PATH = /^\/\d{1,2}\/\d+\/\d+\.png$/;

export async function startFakeOsmTiles(options: { port?: number } = {}): Promise<FakeOsmTiles> {
  const tile = plainPng(256, 256, [0xe5, 0xe7, 0xeb]);
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://fake').pathname;
    if (request.method !== 'GET' || !TILE_PATH.test(pathname)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not a tile');
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'image/png',
        'content-length': tile.length,
        'cache-control': 'max-age=604800',
        // The map's page and this server are different origins; the tiles are plain images.
        'access-control-allow-origin': '*',
      })
      .end(tile);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    tileUrl: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A PNG of one colour (8-bit RGB), made with zlib: no image library for a test server. */
function plainPng(width: number, height: number, [red, green, blue]: number[]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([red!, green!, blue!], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type RGB, no interlace
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, checksum]);
  };
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
