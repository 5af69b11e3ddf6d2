import { startFakeOsmTiles } from '../apps/server/test/fakes/osm-tiles.ts';
import { assertChromiumInstalled } from './chromium.ts';

/** Checks the browser, and serves the contact map's tiles until the run ends. */
export default async function globalSetup(): Promise<() => Promise<void>> {
  assertChromiumInstalled();
  const tiles = await startFakeOsmTiles({ port: Number(process.env.E2E_TILES_PORT) });
  return () => tiles.close();
}
