import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import type { Brand } from '@linesight/contract';

function parseHex(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.replace('#', ''), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

function toHex(channels: readonly number[]): string {
  return `#${channels.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

function mix(from: string, to: string, share: number): string {
  const a = parseHex(from);
  const b = parseHex(to);
  return toHex(a.map((channel, index) => channel + ((b[index] ?? 0) - channel) * share));
}

/** Mantine's ten shades, lightest first, with the brand colour itself as shade 6. */
export function shadesOf(color: string): MantineColorsTuple {
  const lighter = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18].map((share) => mix(color, '#ffffff', share));
  const darker = [0.15, 0.3, 0.45].map((share) => mix(color, '#000000', share));
  return [...lighter, color, ...darker] as unknown as MantineColorsTuple;
}

export function brandTheme(brand: Brand): MantineThemeOverride {
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: shadesOf(brand.colors.primary) },
  });
}

function setLink(rel: string, url: string): void {
  let link = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
  if (!link) {
    link = document.createElement('link');
    link.rel = rel;
    document.head.append(link);
  }
  link.href = url;
}

/** Brand colours as CSS custom properties at the root, plus the page title and icons. */
export function applyBrandToDocument(brand: Brand): void {
  const root = document.documentElement;
  root.style.setProperty('--ls-primary', brand.colors.primary);
  root.style.setProperty('--ls-nav-background', brand.colors.navBackground);
  root.style.setProperty('--ls-nav-text', brand.colors.navText);
  root.dataset.brand = brand.id;
  document.title = brand.pageTitle;
  setLink('icon', brand.faviconUrl);
  setLink('apple-touch-icon', brand.webClipIconUrl);
}
