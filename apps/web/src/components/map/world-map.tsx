import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import classes from './world-map.module.css';
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

/**
 * How a marker is coloured: the brand's colour, or a quality from good to poor (the fleet heat
 * map's scores). Leaflet draws SVG, so colours come from CSS classes, not props.
 */
export type MarkerTone = 'brand' | 'good' | 'fair' | 'poor' | 'unknown';

export interface MapMarker {
  /** Stable between renders (a line of service code). */
  key: string;
  lat: number;
  long: number;
  /** The tooltip: always shown for a single located gateway, on hover for a fleet. */
  label: string;
  tone?: MarkerTone;
}

export interface WorldMapProps {
  /** None shows the default view; one is centred at street level; several are all fitted in. */
  markers: readonly MapMarker[];
  tileUrl: string | null;
  /** The map's accessible name. */
  label: string;
  /** A lone marker's label stays open (the location panel); a fleet's open on hover. */
  permanentLabels?: boolean;
  height?: number;
  testId?: string;
  /** Makes the markers open something: called with the clicked marker's key. */
  onSelect?: (key: string) => void;
}

/**
 * The portal's one map (Leaflet): the location panel's gateway and the dashboard's fleet. Tiles
 * come from the configured server (`/api/mapSettings/v1`); with none, or none reachable, the
 * bundled world outline is drawn and the markers still show.
 */
export function WorldMap(props: WorldMapProps) {
  const { markers, tileUrl, permanentLabels, onSelect } = props;
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    if (!container.current) return;
    const created = L.map(container.current, { worldCopyJump: true, attributionControl: false });
    map.current = created;
    layer.current = L.layerGroup().addTo(created);
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
      layer.current = null;
    };
  }, [tileUrl]);

  useEffect(() => {
    const current = map.current;
    const group = layer.current;
    if (!current || !group) return;
    group.clearLayers();
    const closestZoom = tileUrl && !tilesFailed ? locatedZoom : outlineOnlyZoom;
    for (const marker of markers) {
      const circle = L.circleMarker([marker.lat, marker.long], {
        radius: permanentLabels ? 9 : 7,
        className: `${classes.marker} ${classes[marker.tone ?? 'brand']}`,
      }).bindTooltip(marker.label, {
        permanent: permanentLabels,
        direction: 'top',
        offset: [0, -8],
      });
      if (onSelect) circle.on('click', () => onSelect(marker.key));
      circle.addTo(group);
    }
    const [first] = markers;
    // At once, not animated: a marker clicked right after a filter changed is where it shows.
    const still = { animate: false };
    if (!first) {
      current.setView([defaultMapView.lat, defaultMapView.long], defaultMapView.zoom, still);
    } else if (markers.length === 1) {
      current.setView([first.lat, first.long], closestZoom, still);
    } else {
      const bounds = L.latLngBounds(markers.map((marker) => [marker.lat, marker.long]));
      // Wider on the left, so no marker lies under the zoom buttons where it cannot be clicked.
      current.fitBounds(bounds, {
        paddingTopLeft: [56, 24],
        paddingBottomRight: [24, 24],
        maxZoom: closestZoom,
        ...still,
      });
    }
  }, [markers, permanentLabels, tileUrl, tilesFailed, onSelect]);

  return (
    <div
      ref={container}
      role="region"
      aria-label={props.label}
      data-testid={props.testId ?? 'world-map'}
      className={classes.map}
      style={props.height === undefined ? undefined : { height: props.height }}
    />
  );
}
