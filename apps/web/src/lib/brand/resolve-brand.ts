import { type Brand, defaultBrand, demoHostPrefixes, providerBrands } from '@linesight/contract';

export interface BrandSetting {
  brand: Brand;
  demoMode: boolean;
}

/** The brand and demo mode for a host name, by the prefix of its first label. */
export function resolveBrand(hostname: string): BrandSetting {
  let label = hostname.toLowerCase().split('.')[0] ?? '';
  let demoMode = false;
  for (const demoPrefix of demoHostPrefixes) {
    if (label === demoPrefix || label.startsWith(`${demoPrefix}-`)) {
      demoMode = true;
      label = label.slice(demoPrefix.length + 1);
      break;
    }
  }
  const brand =
    providerBrands.find((candidate) =>
      candidate.hostPrefixes.some((prefix) => label.startsWith(prefix)),
    ) ?? defaultBrand;
  return { brand, demoMode };
}
