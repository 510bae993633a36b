import {
  type DashboardWidget,
  dashboardWidgets,
  type ExperienceRatingResponse,
  type IndividualQoeResponse,
  type PopulationMetricResponse,
  type QoeFilter,
  qoeFilters,
  type QoeMeasurement,
  type QoeQueryResponse,
  type qoeQuerySchema,
  type QoeScores,
  type QoeSpanResponse,
  type QoeSpanRow,
  type RatingFactor,
  ratingFactors,
  trendDirection,
  type UptimeReportResponse,
  uptimeReportMaxRows,
} from '@linesight/contract';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { ApiError } from '../../http/api-error';
import { lineOfServiceNotFound } from '../devices/devices.service';
import type { HomeNetworkRepository } from '../monitoring/home-network.repository';
import {
  type HomeNetworkService,
  secondsSinceLastReboot,
} from '../monitoring/home-network.service';
import { spanOf } from '../monitoring/span-grid';
import type {
  DailyScoreRecord,
  FleetFigure,
  FleetMetricsRecord,
  IntervalScoreRecord,
  QoeRepository,
  ReportBound,
} from './qoe.repository';

/**
 * Quality of experience, the uptime report and the dashboard (decision 021), all read from the
 * rows the QoE job keeps (telemetry/qoe-scoring.ts; docs/qoe-model.md): no call here reads the
 * tier tables or scans a line's history.
 */

const minute = 60_000;
const day = 86_400_000;
const intervalMs = 15 * minute;
/** The report's window: the 24 hours up to the newest scored bucket. */
const reportWindowMs = day;
/** The uptime report's window. */
const uptimeWindowMs = 30 * day;
/** The QoE span answers intervals up to two days, days beyond (decision 021). */
const spanIntervalsUpToMs = 2 * day;
/** The QoE chart draws 15-minute intervals up to a week and a day, days beyond. */
const chartIntervalsUpToMs = 8 * day;
/** The dashboard chart: 15-minute figures up to two days, hourly beyond. */
const fleetQuarterHoursUpToMs = 2 * day;
/** The longest span any of these calls answers: the 28800 s tier's reach would be more. */
const maxSpanSeconds = 31 * 86_400;

type QoeQueryInput = z.output<typeof qoeQuerySchema>;

/** What each filter bounds, and its range: scores -1..5, percents 0..100, devices from 0. */
const filterRange = (column: keyof QoeScores): { min: number; max: number } => {
  if (column === 'usedCpuPercent' || column === 'usedRamPercent') return { min: 0, max: 100 };
  if (column === 'lanHostCount') return { min: 0, max: Number.MAX_SAFE_INTEGER };
  return { min: -1, max: 5 };
};

const invalidFilter = (message: string): ApiError =>
  new ApiError(400, 'QOE.INVALID_FILTER', message);

/** The query's bounds, checked: each within its range, a min not above its max. */
export function boundsOf(query: QoeQueryInput): ReportBound[] {
  const bounds: ReportBound[] = [];
  for (const [filter, column] of Object.entries(qoeFilters) as [QoeFilter, keyof QoeScores][]) {
    const min = query[`min${filter}`];
    const max = query[`max${filter}`];
    if (min === undefined && max === undefined) continue;
    const range = filterRange(column);
    for (const [name, value] of [
      [`min${filter}`, min],
      [`max${filter}`, max],
    ] as const) {
      if (value !== undefined && (value < range.min || value > range.max)) {
        throw invalidFilter(`${name} must be between ${range.min} and ${range.max}.`);
      }
    }
    if (min !== undefined && max !== undefined && min > max) {
      throw invalidFilter(`min${filter} must not be above max${filter}.`);
    }
    bounds.push({ column, min, max });
  }
  return bounds;
}

const round1 = (value: number | null): number | null =>
  value === null ? null : Math.round(value * 10) / 10;

const usedRamOf = (freeRamPercent: number | null): number | null =>
  freeRamPercent === null ? null : round1(100 - freeRamPercent);

function intervalScores(row: IntervalScoreRecord): QoeScores {
  return {
    overallScore: row.overallScore,
    cpuPercentScore: row.cpuPercentScore,
    freeRamScore: row.freeRamScore,
    wifiScore: row.wifiScore,
    physicalStatusScore: row.physicalStatusScore,
    avgMaxUptimeScore: row.avgMaxUptimeScore,
    usedCpuPercent: round1(row.usedCpuPercent),
    usedRamPercent: usedRamOf(row.freeRamPercent),
    lanHostCount: row.lanHostCount,
  };
}

function dailyScores(row: DailyScoreRecord): QoeScores {
  return {
    overallScore: row.overallScore,
    cpuPercentScore: row.cpuPercentScore,
    freeRamScore: row.freeRamScore,
    wifiScore: row.wifiScore,
    physicalStatusScore: row.physicalStatusScore,
    avgMaxUptimeScore: row.avgMaxUptimeScore,
    usedCpuPercent: round1(row.usedCpuPercent),
    usedRamPercent: round1(row.usedRamPercent),
    lanHostCount: row.lanHostCount,
  };
}

/** What an interval's scores read, in the contract's units (docs/qoe-model.md). */
export function measurementsOf(row: IntervalScoreRecord): QoeMeasurement[] {
  const measurements: QoeMeasurement[] = [
    { score: 'cpuPercentScore', measurement: 'usedCpuPercent', value: round1(row.usedCpuPercent) },
    { score: 'freeRamScore', measurement: 'freeRamPercent', value: round1(row.freeRamPercent) },
    { score: 'wifiScore', measurement: 'wifiSignalPercent', value: round1(row.wifiSignalPercent) },
    { score: 'physicalStatusScore', measurement: 'temperatureC', value: round1(row.temperatureC) },
  ];
  if (row.dslMarginDb !== null) {
    measurements.push({
      score: 'physicalStatusScore',
      measurement: 'dslMarginDb',
      value: round1(row.dslMarginDb),
    });
  }
  if (row.docsisSnrDb !== null) {
    measurements.push({
      score: 'physicalStatusScore',
      measurement: 'docsisSnrDb',
      value: round1(row.docsisSnrDb),
    });
  }
  measurements.push({
    score: 'avgMaxUptimeScore',
    measurement: 'avgMaxUptimeSeconds',
    value: row.maxUptimeSeconds,
  });
  return measurements;
}

/** Each widget's figure in a fleet row. */
const widgetFigure: Record<DashboardWidget, FleetFigure> = {
  connectedDevices: 'connectedDevices',
  averageQoe: 'averageQoe',
  downstreamBPSAverage: 'downstreamBpsAverage',
  wifiPercent: 'wifiPercent',
  averageLocalNet: 'averageLocalNet',
  broadbandExperience: 'broadbandExperience',
};

/** Each rating factor's figure in a fleet row; a speed test has no source (docs/qoe-model.md). */
const factorValue: Record<RatingFactor, (row: FleetMetricsRecord) => number | null> = {
  deviceUptime: (row) => row.deviceUptime,
  wifiRSSI: (row) => row.wifiRssi,
  wanSNR: (row) => row.wanSnr,
  wifiDownstream: (row) => row.wifiDownstream,
  speedTest: () => null,
  wifiUpstream: (row) => row.wifiUpstream,
};

const isWidget = (name: string): name is DashboardWidget =>
  (dashboardWidgets as readonly string[]).includes(name);

export class QoeService {
  constructor(
    private readonly qoe: QoeRepository,
    private readonly homeNetwork: HomeNetworkRepository,
    private readonly homeNetworkService: HomeNetworkService,
    private readonly clock: Clock,
  ) {}

  private async lineOf(code: string) {
    const found = await this.homeNetwork.lineWithState(code);
    if (!found) throw lineOfServiceNotFound(code);
    return found;
  }

  private spanOf(query: { startTime: string; endTime: string }): { from: number; to: number } {
    return spanOf(query, {
      maxSeconds: maxSpanSeconds,
      tooLong: 'The span may be at most 31 days.',
    });
  }

  /** The report's window: the 24 hours up to the newest scored bucket's end (or now). */
  private async reportWindow(): Promise<{ startTime: number; endTime: number }> {
    const newest = await this.qoe.newestBucket();
    const endTime = newest ? newest.getTime() + intervalMs : this.clock.now().getTime();
    return { startTime: endTime - reportWindowMs, endTime };
  }

  async query(query: QoeQueryInput): Promise<QoeQueryResponse> {
    const bounds = boundsOf(query);
    const [page, window] = await Promise.all([
      this.qoe.reportPage({
        lineOfServiceCode: query.lineOfServiceCode,
        bounds,
        sort: query.sort,
        order: query.order,
        offset: query.offset,
        limit: query.limit,
      }),
      this.reportWindow(),
    ]);
    return {
      results: page.rows.map((row) => ({
        ...row,
        usedCpuPercent: round1(row.usedCpuPercent),
        usedRamPercent: round1(row.usedRamPercent),
      })),
      total: page.total,
      ...window,
    };
  }

  /** The line's scores per interval (spans up to two days) or per day, and its WAN state now. */
  async span(
    code: string,
    query: { startTime: string; endTime: string },
  ): Promise<QoeSpanResponse> {
    const { line } = await this.lineOf(code);
    const { from, to } = this.spanOf(query);
    const gateway = await this.homeNetworkService.gateway(code);
    const perInterval = to - from <= spanIntervalsUpToMs;
    let data: QoeSpanRow[];
    if (perInterval) {
      const rows = await this.qoe.intervals(line.id, new Date(from - intervalMs + 1), new Date(to));
      data = rows.map((row) => ({ timestamp: row.bucket.getTime(), ...intervalScores(row) }));
    } else {
      const rows = await this.qoe.days(line.id, new Date(from - day + 1), new Date(to));
      data = rows.map((row) => ({ timestamp: row.day.getTime(), ...dailyScores(row) }));
    }
    return {
      intervalMinutes: perInterval ? 15 : 1440,
      data,
      deviceType: line.deviceType,
      wanConnected: gateway?.wanConnected ?? false,
    };
  }

  /** The QoE page's chart, the latest uptime score and what the latest scores read. */
  async individual(
    code: string,
    query: { startTime: string; endTime: string },
  ): Promise<IndividualQoeResponse> {
    const { line } = await this.lineOf(code);
    const { from, to } = this.spanOf(query);
    const stepMs = to - from <= chartIntervalsUpToMs ? intervalMs : day;
    const start = Math.floor(from / stepMs) * stepMs;
    const points = Math.max(1, Math.ceil((to - start) / stepMs));
    const series = {
      cpupercent: Array<number | null>(points).fill(null),
      freeram: Array<number | null>(points).fill(null),
      wifi: Array<number | null>(points).fill(null),
    };
    const place = (at: Date, scores: QoeScores) => {
      const index = (at.getTime() - start) / stepMs;
      if (!Number.isInteger(index) || index < 0 || index >= points) return;
      series.cpupercent[index] = scores.cpuPercentScore;
      series.freeram[index] = scores.freeRamScore;
      series.wifi[index] = scores.wifiScore;
    };
    const end = new Date(start + points * stepMs);
    if (stepMs === intervalMs) {
      for (const row of await this.qoe.intervals(line.id, new Date(start), end)) {
        place(row.bucket, intervalScores(row));
      }
    } else {
      for (const row of await this.qoe.days(line.id, new Date(start), end)) {
        place(row.day, dailyScores(row));
      }
    }
    const latest = await this.qoe.latestInterval(line.id, new Date(to));
    const intervalMinutes = stepMs / minute;
    return {
      startTime: start,
      timeseries: {
        cpupercent: { data: series.cpupercent, intervalMinutes },
        freeram: { data: series.freeram, intervalMinutes },
        wifi: { data: series.wifi, intervalMinutes },
      },
      latestAvgMaxUptime: { score: latest?.avgMaxUptimeScore ?? -1 },
      latest: latest ? { timestamp: latest.bucket.getTime(), ...intervalScores(latest) } : null,
      measurements: latest ? measurementsOf(latest) : [],
    };
  }

  /** The 100 lines that rebooted most in 30 days, then lowest weighted average uptime. */
  async uptimeReport(): Promise<UptimeReportResponse> {
    const now = this.clock.now();
    const rows = await this.qoe.uptimeRows(uptimeReportMaxRows);
    return {
      results: rows.map((row) => ({
        lineOfServiceCode: row.lineOfServiceCode,
        subscriberName: row.subscriberName,
        deviceType: row.deviceType,
        weightedAvgUptimeInSeconds:
          row.weightedAvgUptimeSeconds === null ? null : Math.round(row.weightedAvgUptimeSeconds),
        uptimeInSeconds: row.state ? secondsSinceLastReboot(row.state, now) : null,
        reboots: row.reboots,
      })),
      startTime: now.getTime() - uptimeWindowMs,
      endTime: now.getTime(),
    };
  }

  /** A widget's fleet series over a span: 15-minute figures up to two days, hourly beyond. */
  async populationMetric(
    widget: string,
    query: { startTime: string; endTime: string },
  ): Promise<PopulationMetricResponse> {
    if (!isWidget(widget)) {
      throw new ApiError(400, 'MONITORING.UNKNOWN_WIDGET', `There is no widget ${widget}.`);
    }
    const { from, to } = this.spanOf(query);
    const stepMs = to - from <= fleetQuarterHoursUpToMs ? intervalMs : 4 * intervalMs;
    const start = Math.floor(from / stepMs) * stepMs;
    const points = Math.max(1, Math.ceil((to - start) / stepMs));
    const precision = widget === 'averageQoe' || widget === 'broadbandExperience' ? 100 : 10;
    const data = Array<number | null>(points).fill(null);
    const averages = await this.qoe.fleetSeries(
      widgetFigure[widget],
      new Date(start),
      new Date(start + points * stepMs),
      stepMs,
    );
    for (const [index, average] of averages) {
      if (index >= 0 && index < points) data[index] = Math.round(average * precision) / precision;
    }
    return {
      data,
      intervalMinutes: stepMs / minute,
      startTime: start,
    };
  }

  /** The rating factors of the newest scored bucket, each with its trend from the one before. */
  async experienceRating(): Promise<ExperienceRatingResponse> {
    const [newest, before] = await this.qoe.newestFleet(2);
    const at = newest ? newest.bucket.getTime() : this.clock.now().getTime() - intervalMs;
    const round = (value: number | null) => (value === null ? null : round1(value));
    return {
      factors: ratingFactors.map((title) => {
        const now = newest ? factorValue[title](newest) : null;
        const previous = before ? factorValue[title](before) : null;
        return {
          title,
          value: round(now === null ? null : Math.min(5, Math.max(0, now))),
          trendDirection: trendDirection(previous, now),
        };
      }),
      startTime: at,
      endTime: at + intervalMs,
    };
  }

  /**
   * The heat map's answer, the JSON text the QoE job built when it last scored (telemetry/
   * qoe-scoring.ts `fleetMapAnswer`): every located gateway, so it is not built per request.
   */
  async fleetMap(): Promise<string> {
    return (await this.qoe.fleetMapAnswer()) ?? JSON.stringify({ gateways: [] });
  }
}
