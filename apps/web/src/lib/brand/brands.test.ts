import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultBrand, providerBrands } from '@linesight/contract';
import { shadesOf } from './apply-brand';
import { resolveBrand } from './resolve-brand';

const publicFolder = path.resolve(import.meta.dirname, '../../../public');

describe('provider brands', () => {
  it('should be ten providers with distinct ids and host prefixes', () => {
    expect(providerBrands).toHaveLength(10);
    expect(new Set(providerBrands.map((brand) => brand.id)).size).toBe(10);
    const prefixes = providerBrands.flatMap((brand) => brand.hostPrefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it.each([defaultBrand, ...providerBrands])(
    'should give $id every field and an asset file for each icon',
    (brand) => {
      for (const text of [
        brand.productName,
        brand.shortProductName,
        brand.companyName,
        brand.pageTitle,
      ]) {
        expect(text.trim()).not.toBe('');
      }
      for (const color of Object.values(brand.colors)) expect(color).toMatch(/^#[0-9a-f]{6}$/);
      expect(brand.knowledgeBaseUrl).toMatch(/^https:\/\//);
      for (const asset of [brand.logoUrl, brand.faviconUrl, brand.webClipIconUrl]) {
        expect(existsSync(path.join(publicFolder, asset)), asset).toBe(true);
      }
    },
  );
});

describe(resolveBrand.name, () => {
  it.each(providerBrands.map((brand) => [brand.id] as const))(
    'should pick %s by the host-name prefix',
    (id) => {
      expect(resolveBrand(`${id}.portal.example.com`)).toEqual({
        brand: providerBrands.find((brand) => brand.id === id),
        demoMode: false,
      });
      expect(resolveBrand(`${id.toUpperCase()}-care.example.com`).brand.id).toBe(id);
    },
  );

  it('should use the default brand for any other host', () => {
    expect(resolveBrand('localhost')).toEqual({ brand: defaultBrand, demoMode: false });
    expect(resolveBrand('portal.northwind.example')).toEqual({
      brand: defaultBrand,
      demoMode: false,
    });
  });

  it('should turn demo mode on for hosts in the demo list, keeping the brand after the prefix', () => {
    expect(resolveBrand('demo.example.com')).toEqual({ brand: defaultBrand, demoMode: true });
    expect(resolveBrand('demo-northwind.example.com')).toMatchObject({
      brand: { id: 'northwind' },
      demoMode: true,
    });
    expect(resolveBrand('sandbox-aurora.example.com')).toMatchObject({
      brand: { id: 'aurora' },
      demoMode: true,
    });
    expect(resolveBrand('demonstration.example.com')).toEqual({
      brand: defaultBrand,
      demoMode: false,
    });
  });
});

describe(shadesOf.name, () => {
  it('should give ten shades from light to dark with the colour itself sixth', () => {
    const shades = shadesOf('#0b7285');
    expect(shades).toHaveLength(10);
    expect(shades[6]).toBe('#0b7285');
    const lightness = shades.map((hex) => {
      const value = Number.parseInt(hex.slice(1), 16);
      return ((value >> 16) & 255) + ((value >> 8) & 255) + (value & 255);
    });
    expect([...lightness].sort((a, b) => b - a)).toEqual(lightness);
  });
});
