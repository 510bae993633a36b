import { Box, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { useBrand } from '../../lib/brand/brand-context';
import classes from './auth-card.module.css';

/** The branded card of the signed-out screens: sign-in, forgot and reset passphrase. */
export function AuthCard({ children }: { children: ReactNode }) {
  const { brand } = useBrand();
  return (
    <Box className={classes.page}>
      <Paper className={classes.card} shadow="md" radius="md" withBorder>
        <Box className={classes.brandBand}>
          <img src={brand.logoUrl} alt={brand.companyName} className={classes.logo} />
        </Box>
        <Box p="lg">{children}</Box>
      </Paper>
    </Box>
  );
}
