import { z } from 'zod';
/**
 * The gateway's own health and its access line's (seed 001 sections 2, 3, 8 and 9): physical
 * status, DSL and DOCSIS WAN statistics, the DOCSIS spectrum. Decided in docs/decisions/017.
 *
 * Units, as the seed's client converts them: RAM in bytes (÷1e6 for MB), CPU in percent,
 * temperature in tenths of °C, rates in kbps (÷1000 for Mbps), frequencies in Hz (÷1e6 for
 * MHz), symbol rates in symbols per second, spectrum amplitudes in hundredths of dBmV (÷100).
 * Noise margins, attenuations, SNRs and powers are in dB (dBmV for DOCSIS power), converted on
 * the server from TR-181's tenths.
 *
 * A series is one value per bucket of `intervalMinutes` from `startTime` (epoch ms), null where
 * the gateway reported nothing.
 */

/** The seed's "not available" temperature values: -5000 is plotted as 0, both read as none. */
export const temperatureSentinels = [-5000, 32767] as const;
export const temperatureNotAvailable = -5000;

export function isTemperatureAvailable(tenths: number | null): tenths is number {
  return tenths !== null && !(temperatureSentinels as readonly number[]).includes(tenths);
}

/** The charts of this file refresh this often while their page is visible (seed 001 section 4). */
export const gatewayChartRefreshSeconds = 300;

const series = z.array(z.number().nullable());

/** The `startTime` and `endTime` query (epoch ms) of the span routes; loose, so each wrong value gets its code. */
export const lineSpanQuerySchema = z.object({
  startTime: z.string().max(32),
  endTime: z.string().max(32),
});

/** When the gateway was down in the span: offline spells and reboots. */
export const downtimeSchema = z.object({
  cause: z.enum(['offline', 'reboot']),
  /** Epoch ms: an offline spell's start (its last report before), or a reboot's boot time. */
  startTime: z.number(),
  /** Epoch ms the gateway was back; null while it is still offline; a reboot's boot time. */
  endTime: z.number().nullable(),
});
export type Downtime = z.infer<typeof downtimeSchema>;

export const physicalStatusSchema = z.object({
  intervalMinutes: z.number(),
  startTime: z.number(),
  /** Bytes; the latest report's. */
  totalRam: z.number().nullable(),
  freeRam: series,
  mostRecentFreeRam: z.number().nullable(),
  /** Percent. */
  cpuLoad: series,
  mostRecentCPULoad: z.number().nullable(),
  /** Tenths of °C; -5000 in a bucket where the gateway reported without a temperature. */
  temp: series,
  /** -5000 when the latest report had no temperature. */
  mostRecentTemp: z.number().nullable(),
  secondsSinceLastReboot: z.number().nullable(),
  downtime: z.array(downtimeSchema),
});
export type PhysicalStatus = z.infer<typeof physicalStatusSchema>;

/** The connection details tab: what the gateway is and how it reaches the portal. */
export const connectionDetailsSchema = z.object({
  online: z.boolean(),
  mostRecentReportTime: z.number(),
  reportingIntervalSeconds: z.number(),
  wanType: z.number().int().nullable(),
  wanIp: z.string().nullable(),
  macAddress: z.string().nullable(),
  manufacturer: z.string().nullable(),
  modelName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  clientVersion: z.string().nullable(),
  buildIdentifier: z.string().nullable(),
});
export type ConnectionDetails = z.infer<typeof connectionDetailsSchema>;

/**
 * GET /api/physicalStatus/v1/span/{losCode}?startTime&endTime. 204 before the gateway's first
 * report. (The admins' client capabilities tab reads /deviceCapabilities.)
 */
export const physicalStatusResponseSchema = z.object({
  gateway: z.object({
    lineOfServiceCode: z.string(),
    physicalStatus: physicalStatusSchema,
    details: connectionDetailsSchema,
  }),
});
export type PhysicalStatusResponse = z.infer<typeof physicalStatusResponseSchema>;

/** Each DSL section says whether the gateway reported any of it. */
const section = <T extends z.ZodRawShape>(shape: T) => z.object({ noData: z.boolean(), ...shape });
const perDirection = <T extends z.ZodType>(schema: T) =>
  z.object({ downstream: schema, upstream: schema });

export const dslStatusSchema = section({
  status: z.string().nullable(),
  standard: z.string().nullable(),
  trafficType: z.string().nullable(),
  linkPowerState: z.string().nullable(),
  retrains: z.number().nullable(),
});
export const dslStatsSchema = section({
  trellis: z.boolean().nullable(),
  phyr: z.boolean().nullable(),
  ginp: z.boolean(),
  /** dB. */
  snr: z.number().nullable(),
  attenuation: z.number().nullable(),
  /** dBm. */
  power: z.number().nullable(),
  /** kbps. */
  attainRate: z.number().nullable(),
  currentRate: z.number().nullable(),
  retransmission: z.boolean(),
});
export const dslGinpSchema = section({ rtxc: z.number().nullable(), rtxuc: z.number().nullable() });
export const dslErrorsSchema = section({
  frames: z.number().nullable(),
  frameErrors: z.number().nullable(),
  bitErrors: z.number().nullable(),
  hecErrors: z.number().nullable(),
  erroredSecs: z.number().nullable(),
  ses: z.number().nullable(),
  rsCorr: z.number().nullable(),
  rsUncorr: z.number().nullable(),
});

export const dslPerformanceSchema = z.object({
  /** The `Device.DSL.Line.{i}` instance. */
  line: z.number().int(),
  status: dslStatusSchema,
  stats: perDirection(dslStatsSchema),
  ginp: perDirection(dslGinpSchema),
  errors: perDirection(dslErrorsSchema),
});
export type DslPerformance = z.infer<typeof dslPerformanceSchema>;

const dslDirectionSeriesSchema = z.object({
  /** dB, dB, dBm. */
  snr: series,
  attenuation: series,
  power: series,
  /** G.INP retransmissions in each bucket (corrected, uncorrected). */
  ginpRtxc: series,
  ginpRtxuc: series,
  /** kbps. */
  attainableRate: series,
  currentRate: series,
});

export const dslTimeseriesSchema = z.object({
  intervalMinutes: z.number(),
  startTime: z.number(),
  /** By line instance ("1", "2"). */
  lines: z.record(z.string(), perDirection(dslDirectionSeriesSchema)),
  /** Epoch ms of each retrain in the span. */
  dslRetrainTimes: z.array(z.number()),
});

export const docsisDownstreamChannelSchema = z.object({
  channelNumber: z.number().int(),
  channelId: z.number().int().nullable(),
  modulation: z.string().nullable(),
  /** Hz. */
  frequency: z.number().nullable(),
  /** dBmV and dB. */
  power: z.number().nullable(),
  snr: z.number().nullable(),
  totalCorrectableErrors: z.number().nullable(),
  totalUncorrectableErrors: z.number().nullable(),
});
export const docsisUpstreamChannelSchema = z.object({
  channelNumber: z.number().int(),
  channelId: z.number().int().nullable(),
  modulation: z.string().nullable(),
  frequency: z.number().nullable(),
  power: z.number().nullable(),
  /** Symbols per second. */
  symbolRate: z.number().nullable(),
});

const channelSeriesSchema = z.object({ channelId: z.number().int(), data: series });

export const docsisTimeseriesSchema = z.object({
  intervalMinutes: z.number(),
  startTime: z.number(),
  channelSeries: z.object({
    /** dB per downstream channel. */
    dsSnrSeries: z.array(channelSeriesSchema),
    /** Symbols per second per upstream channel. */
    usSymbolRateSeries: z.array(channelSeriesSchema),
  }),
});

/**
 * GET /api/wanStats/v1/span/{losCode}?startTime&endTime. A DSL or DOCSIS line answers its
 * latest sections (`timestamp` the report that carried them) and its series over the span; 204
 * while the gateway has reported neither. Any other line type answers its `wanType` with
 * `wanStats` null: the screen says WAN statistics are not supported.
 */
export const wanStatsResponseSchema = z.object({
  gateway: z.object({
    wanType: z.number().int().nullable(),
    wanStats: z
      .discriminatedUnion('kind', [
        z.object({
          kind: z.literal('dsl'),
          timestamp: z.number(),
          dslPerformance: z.array(dslPerformanceSchema),
          timeseries: dslTimeseriesSchema,
        }),
        z.object({
          kind: z.literal('docsis'),
          timestamp: z.number(),
          dsChannelStats: z.array(docsisDownstreamChannelSchema),
          usChannelStats: z.array(docsisUpstreamChannelSchema),
          timeseries: docsisTimeseriesSchema,
        }),
      ])
      .nullable(),
  }),
});
export type WanStatsResponse = z.infer<typeof wanStatsResponseSchema>;
export type WanStats = NonNullable<WanStatsResponse['gateway']['wanStats']>;

export const spectrumEntrySchema = z.object({
  /** Hz. */
  segmentCenterFrequency: z.number(),
  measurementFrequencySpan: z.number().nullable(),
  channelNumber: z.number().int().nullable(),
  downstreamOrUpstream: z.enum(['downstream', 'upstream', 'unknown']),
  /** Hundredths of dBmV, one per bin across the segment. */
  amplitudeData: z.array(z.number()),
});
export type SpectrumEntry = z.infer<typeof spectrumEntrySchema>;

/** GET /api/docsisSpectrumAnalysis/v1/{losCode}: the latest analysis; 204 when there is none. */
export const spectrumAnalysisResponseSchema = z.object({
  timestamp: z.number(),
  spectrumAnalysis: z.array(spectrumEntrySchema),
});
export type SpectrumAnalysisResponse = z.infer<typeof spectrumAnalysisResponseSchema>;
