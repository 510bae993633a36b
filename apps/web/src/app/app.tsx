import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RouterProvider } from 'react-router';
import { ApiError } from '../lib/api-client';
import { BrandContext } from '../lib/brand/brand-context';
import { brandTheme } from '../lib/brand/apply-brand';
import type { BrandSetting } from '../lib/brand/resolve-brand';
import { createAppRouter } from './router';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx will not change by asking again; a network blip or a 5xx might.
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status < 500) && failures < 2,
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function App({ brandSetting }: { brandSetting: BrandSetting }) {
  const queryClient = useMemo(() => createQueryClient(), []);
  const router = useMemo(() => createAppRouter(queryClient), [queryClient]);
  const theme = useMemo(() => brandTheme(brandSetting.brand), [brandSetting]);
  return (
    <BrandContext.Provider value={brandSetting}>
      <MantineProvider theme={theme}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </BrandContext.Provider>
  );
}
