import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import classes from './location-map.module.css';
import type { GeometryCollection, Topology } from 'topojson-specification';

/** Seed 001 section 9: the view with no location, and the zoom on a located gateway. */
export const defaultMapView = { lat: 29.16, long: -94.43, zoom: 2 } as const;
export const locatedZoom = 15;
/**
 * Without tiles the outline is all there is to see, and at street level a gateway sits inside
 * one plain country: the view stays wide enough to show coastlines and borders around it.
 */
export const outlineOnlyZoom = 5;

/**
 * The bundled world outline (world-atlas, Natural Earth 1:110m), drawn under the tiles: with no
 * tile URL configured, or tiles that cannot be reached, the map still shows where it is.
 */
async function worldOutline(): Promise<L.GeoJSON> {
  const [{ feature }, atlas] = await Promise.all([
    import('topojson-client'),
    import('world-atlas/countries-110m.json'),
  ]);
  const topology = atlas.default as unknown as Topology<{ countries: GeometryCollection }>;
  return L.geoJSON(feature(topology, topology.objects.countries), {
    interactive: false,
    style: { className: classes.outline },
  });
}

export interface LocationMapProps {
  /** The gateway's position; null shows the default view without a marker. */
  position: { lat: number; long: number } | null;
  tileUrl: string | null;
  markerLabel: string;
}

export function LocationMap({ position, tileUrl, markerLabel }: LocationMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const marker = useRef<L.CircleMarker | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { worldCopyJump: true, attributionControl: false });
    map.current = created;
    let disposed = false;
    void worldOutline().then((outline) => {
      if (!disposed) outline.addTo(created).bringToBack();
    });
    setTilesFailed(false);
    if (tileUrl) {
      L.tileLayer(tileUrl, { maxZoom: 19 })
        .once('tileerror', () => setTilesFailed(true))
        .addTo(created);
    }
    return () => {
      disposed = true;
      created.remove();
      map.current = null;
      marker.current = null;
    };
  }, [tileUrl]);

  const lat = position?.lat;
  const long = position?.long;
  useEffect(() => {
    const current = map.current;
    if (!current) return;
    marker.current?.remove();
    marker.current = null;
    if (lat === undefined || long === undefined) {
      current.setView([defaultMapView.lat, defaultMapView.long], defaultMapView.zoom);
      return;
    }
    current.setView([lat, long], tileUrl && !tilesFailed ? locatedZoom : outlineOnlyZoom);
    marker.current = L.circleMarker([lat, long], { radius: 9, className: classes.marker })
      .bindTooltip(markerLabel, { permanent: true, direction: 'top', offset: [0, -8] })
      .addTo(current);
  }, [lat, long, markerLabel, tileUrl, tilesFailed]);

  return <div ref={container} data-testid="location-map" className={classes.map} />;
}
