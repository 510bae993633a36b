import { createContext, useContext } from 'react';
import type { BrandSetting } from './resolve-brand';

export const BrandContext = createContext<BrandSetting | null>(null);

export function useBrand(): BrandSetting {
  const setting = useContext(BrandContext);
  if (!setting) throw new Error('useBrand needs the BrandContext provider at the root');
  return setting;
}
