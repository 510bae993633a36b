import { capabilityFlags, type DeviceCapabilities } from '@linesight/contract';
import { describe, expect, it } from 'vitest';
import { notReportedText } from './device-capabilities';

/** A gateway (a TR-098 one, say) without per-host byte counters or associated devices' signal. */
const capabilities = {
  ...Object.fromEntries(capabilityFlags.map((flag) => [flag, true])),
  macCounters: false,
  wifiRadioPerformance: false,
} as DeviceCapabilities;

describe(notReportedText.name, () => {
  it('should say "not reported" for what the gateway has never shown', () => {
    expect(notReportedText(capabilities, 'macCounters', 'Not reported')).toBe('Not reported');
    expect(notReportedText(capabilities, 'wifiRadioPerformance', 'Not reported')).toBe(
      'Not reported',
    );
  });

  it('should leave the usual empty text to a reading the gateway reports, or before it reports', () => {
    expect(notReportedText(capabilities, 'wifiRadio', 'Not reported')).toBeUndefined();
    expect(notReportedText(undefined, 'macCounters', 'Not reported')).toBeUndefined();
    expect(notReportedText(null, 'macCounters', 'Not reported')).toBeUndefined();
  });
});
