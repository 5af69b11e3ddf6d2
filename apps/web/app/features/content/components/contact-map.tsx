import L from 'leaflet';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import 'leaflet/dist/leaflet.css';
import { MapContainer, Marker, Popup, TileLayer } from 'react-leaflet';

export interface ContactMapProps {
  latitude: number;
  longitude: number;
  address: string;
  tileUrl: string;
  attribution: string;
}

// Leaflet finds its default marker pictures by guessing a path from its CSS, which a bundler
// breaks; these are the same pictures, bundled.
const markerIconOptions = L.icon({
  iconUrl: markerIcon,
  iconRetinaUrl: markerIcon2x,
  iconSize: [25, 41],
  iconAnchor: [12, 41],
  popupAnchor: [1, -34],
});

/**
 * The contact page's map: centred on the shop, a marker whose popup shows the address.
 * Browser-only (Leaflet needs `window`): loaded with React.lazy after hydration, so neither the
 * server render nor the storefront's first load carries Leaflet.
 */
export default function ContactMap({
  latitude,
  longitude,
  address,
  tileUrl,
  attribution,
}: ContactMapProps) {
  const position: [number, number] = [latitude, longitude];
  return (
    <MapContainer
      center={position}
      zoom={15}
      // The page scrolls past the map; the wheel should not zoom it by surprise.
      scrollWheelZoom={false}
      className="h-full w-full"
    >
      {/* On high-density screens, tiles of the next zoom level at half size: sharp, not blurred
          256 px tiles stretched over twice the pixels. */}
      <TileLayer url={tileUrl} attribution={attribution} detectRetina />
      <Marker
        position={position}
        icon={markerIconOptions}
        alt={`Our location: ${address}`}
        title={address}
        keyboard
      >
        <Popup>
          <strong className="block font-semibold">Visit us</strong>
          {address}
        </Popup>
      </Marker>
    </MapContainer>
  );
}
