import { useMantineTheme } from '@mantine/core';
import { useMemo } from 'react';

export interface ChartColours {
  /** The brand's colour, for a chart's single series. */
  primary: string;
  axis: string;
  grid: string;
  /** Light fills for background bands, worst to best. */
  poor: string;
  fair: string;
  good: string;
}

/**
 * Chart colours from the brand's Mantine theme: canvas drawing needs colour values, not the
 * CSS variables the rest of the page uses, so they are read from the theme at the root.
 */
export function useChartColours(): ChartColours {
  const theme = useMantineTheme();
  return useMemo(() => {
    const primaryShades = theme.colors[theme.primaryColor] ?? theme.colors.blue;
    const shade = typeof theme.primaryShade === 'number' ? theme.primaryShade : 6;
    return {
      primary: primaryShades[shade],
      axis: theme.colors.gray[7],
      grid: theme.colors.gray[2],
      poor: theme.colors.red[1],
      fair: theme.colors.yellow[1],
      good: theme.colors.green[1],
    };
  }, [theme]);
}
