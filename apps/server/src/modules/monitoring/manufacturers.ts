import { createRequire } from 'node:module';

/**
 * Who made a device, from the first three bytes of its MAC (its OUI), as the IEEE registry
 * names them: the `oui-data` package carries the whole MA-L registry (some 54,000 blocks, BSD
 * licence, updated with the registry), so the phones, printers and plugs of real homes resolve
 * as the simulator's do. Its 5.6 MB are read on the first look-up, not at start-up.
 * docs/decisions/013-home-network-read-side.md says why this and not a table of our own.
 */

let registry: Readonly<Record<string, string>> | undefined;

function registryOf(): Readonly<Record<string, string>> {
  registry ??= createRequire(import.meta.url)('oui-data') as Record<string, string>;
  return registry;
}

/**
 * The organisation the IEEE assigned `oui` to (six hex digits, any case, separators allowed),
 * or null when none is: the registry's entry is the name then its postal address, one line each.
 */
export function manufacturerOfOui(oui: string | null): string | null {
  const digits = oui?.replace(/[^0-9a-f]/gi, '').toUpperCase() ?? '';
  if (digits.length !== 6) return null;
  return registryOf()[digits]?.split('\n')[0]?.trim() || null;
}

/**
 * The maker of the device with this MAC, or null. A locally administered address (second bit
 * of the first byte set: the random private addresses phones use per network) names nobody.
 */
export function manufacturerOfMac(mac: string): string | null {
  const firstByte = Number.parseInt(mac.slice(0, 2), 16);
  if (!Number.isInteger(firstByte) || (firstByte & 0x02) !== 0) return null;
  return manufacturerOfOui(mac.slice(0, 8));
}
