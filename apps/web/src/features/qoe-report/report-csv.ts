import {
  qoeComponentScores,
  type QoeResult,
  qoeReportColumns,
  qoeUnavailable,
} from '@linesight/contract';
import { type CsvValue, toCsv } from '../../lib/csv';

/** The file the export saves (seed 001 section 2). */
export const qoeCsvFileName = 'qoe-results.csv';

const scoreColumns: ReadonlySet<string> = new Set(['overallScore', ...qoeComponentScores]);

/**
 * The report's rows as CSV: the seed's 13 columns in its order, headed by their names. An
 * unavailable score (-1) or an unreported figure is an empty cell, as the table shows no number
 * for it: a -1 in a sheet would be averaged in as a very bad score.
 */
export function qoeResultsCsv(results: readonly QoeResult[]): string {
  const rows = results.map((result) =>
    qoeReportColumns.map((column): CsvValue => {
      const value = result[column];
      if (scoreColumns.has(column) && value === qoeUnavailable) return null;
      return value;
    }),
  );
  return toCsv(qoeReportColumns, rows);
}
