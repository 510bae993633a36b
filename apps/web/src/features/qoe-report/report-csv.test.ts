import { type QoeResult, qoeReportColumns } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { qoeResultsCsv } from './report-csv';

function result(overrides: Partial<QoeResult> = {}): QoeResult {
  return {
    subscriberName: 'Olivia Hartmann',
    subscriberCode: 'SUB-1',
    lineOfServiceCode: 'LOS-1',
    deviceType: 'XG6846',
    deviceIdentifier: 'SN-1',
    overallScore: 3.2,
    cpuPercentScore: 4.5,
    freeRamScore: 5,
    wifiScore: 2.1,
    physicalStatusScore: 4,
    avgMaxUptimeScore: 3,
    usedCpuPercent: 12.5,
    usedRamPercent: 48,
    lanHostCount: 30,
    ...overrides,
  };
}

/** The file's lines without the byte order mark and the final line ending. */
const linesOf = (csv: string): string[] =>
  csv
    .replace(/^\uFEFF/, '')
    .replace(/\r\n$/, '')
    .split('\r\n');

describe('qoeResultsCsv', () => {
  it('should head the file with the 13 columns in the seed order', () => {
    expect(linesOf(qoeResultsCsv([]))).toEqual([
      'subscriberName,lineOfServiceCode,deviceType,deviceIdentifier,overallScore,' +
        'cpuPercentScore,freeRamScore,wifiScore,physicalStatusScore,avgMaxUptimeScore,' +
        'usedCpuPercent,usedRamPercent,lanHostCount',
    ]);
    expect(linesOf(qoeResultsCsv([]))[0]?.split(',')).toEqual([...qoeReportColumns]);
  });

  it('should write each row in the column order', () => {
    expect(linesOf(qoeResultsCsv([result()]))[1]).toBe(
      'Olivia Hartmann,LOS-1,XG6846,SN-1,3.2,4.5,5,2.1,4,3,12.5,48,30',
    );
  });

  it('should write a subscriber named as a formula as text, not as a link', () => {
    const line = linesOf(
      qoeResultsCsv([result({ subscriberName: '=HYPERLINK("http://x","y")' })]),
    )[1];
    expect(line).toBe(
      `"'=HYPERLINK(""http://x"",""y"")",LOS-1,XG6846,SN-1,3.2,4.5,5,2.1,4,3,12.5,48,30`,
    );
  });

  it('should leave unavailable scores and unreported figures empty, never -1', () => {
    const line = linesOf(
      qoeResultsCsv([
        result({
          deviceType: null,
          wifiScore: -1,
          overallScore: -1,
          usedCpuPercent: null,
          lanHostCount: null,
        }),
      ]),
    )[1];
    expect(line).toBe('Olivia Hartmann,LOS-1,,SN-1,,4.5,5,,4,3,,48,');
  });

  it('should escape a device identifier that starts like a formula', () => {
    expect(linesOf(qoeResultsCsv([result({ deviceIdentifier: '-SN-2' })]))[1]).toContain(
      ",'-SN-2,",
    );
  });
});
