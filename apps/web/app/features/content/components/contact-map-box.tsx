import { MapPin } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { lookUpAddress } from '../api/contact.ts';
import { useHydrated } from '../use-hydrated.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';

const ContactMap = lazy(() => import('./contact-map.tsx'));

export interface ContactMapBoxProps {
  address: string | null;
  /** Where the contact data places the shop; null sends the page to the geocoder's cache. */
  latitude: number | null;
  longitude: number | null;
  tileUrl: string;
  attribution: string;
}

/**
 * A fixed-height box for the map, so nothing moves when it appears. The map itself is drawn
 * in the browser only, once the page is hydrated and the box is about to scroll into view: the
 * map's code (50 KB) and its tiles are not loaded for visitors who never get that far. Without stored coordinates it asks
 * GET /api/geolocation for the address; a failed lookup is only logged (SPEC.md section 8).
 */
export function ContactMapBox({
  address,
  latitude,
  longitude,
  tileUrl,
  attribution,
}: ContactMapBoxProps) {
  const hydrated = useHydrated();
  const box = useRef<HTMLDivElement>(null);
  const nearViewport = useNearViewport(box);
  const hasStored = latitude !== null && longitude !== null;
  const [looked, setLooked] = useState<{ lat: number; lon: number } | null>(null);
  const position = hasStored ? { lat: latitude, lon: longitude } : looked;

  useEffect(() => {
    if (hasStored || !address) return;
    const controller = new AbortController();
    void lookUpAddress(address, controller.signal).then((found) => {
      if (!controller.signal.aborted) setLooked(found);
    });
    return () => controller.abort();
  }, [address, hasStored]);

  return (
    <div
      ref={box}
      data-map-box
      className="relative isolate h-72 overflow-hidden rounded-xl border border-slate-200 bg-slate-100 sm:h-96"
    >
      {hydrated && nearViewport && position && address ? (
        <Suspense fallback={<MapPlaceholder />}>
          <ContactMap
            latitude={position.lat}
            longitude={position.lon}
            address={address}
            tileUrl={tileUrl}
            attribution={attribution}
          />
        </Suspense>
      ) : (
        <MapPlaceholder />
      )}
    </div>
  );
}

function MapPlaceholder() {
  return (
    <div className="flex h-full items-center justify-center text-slate-400" aria-hidden="true">
      <MapPin className="h-10 w-10" />
    </div>
  );
}
