import { curveWeight, type LocalMoment } from './daily-rhythm';
import type { DocsisLineProfile, DslLineProfile, FibreLineProfile, LineProfile } from './profile';
import type { Random } from './random';
import type { DocsisReading, DslErrorCounters, DslReading, FibreReading } from './tr181';

/**
 * The WAN line over time: DSL margins sag in the evening as the neighbours' crosstalk rises and
 * G.INP retransmits more; DOCSIS counts codewords and the odd ranging timeout; optics barely
 * move. Counters run from the last boot.
 */

export interface DslState {
  lineClass: 'dsl';
  profile: DslLineProfile;
  trainedAt: number;
  retrains: number;
  /** The share of the profile's sync rate the last training reached. */
  syncShare: number;
  downstream: DslErrorCounters;
  upstream: DslErrorCounters;
  /** Seconds with any CRC error or worse at the modem (ES-L), and the severely errored ones. */
  erroredSeconds: number;
  severelyErroredSeconds: number;
}

export interface DocsisState {
  lineClass: 'docsis';
  profile: DocsisLineProfile;
  downstream: { unerroreds: number; correcteds: number; uncorrectables: number }[];
  upstream: { t3Timeouts: number; t4Timeouts: number }[];
}

export interface FibreState {
  lineClass: 'fibre';
  profile: FibreLineProfile;
  upSince: number;
}

export type LineState = DslState | DocsisState | FibreState;

/** Seconds from power-on to a trained line. */
const trainingSeconds = 60;

/** A line just after boot: trained a minute later, every counter at zero. */
export function startLine(line: LineProfile, bootAt: number): LineState {
  switch (line.lineClass) {
    case 'dsl':
      return {
        lineClass: 'dsl',
        profile: line,
        trainedAt: bootAt + trainingSeconds,
        retrains: 0,
        syncShare: 1,
        downstream: noDslErrors(),
        upstream: noDslErrors(),
        erroredSeconds: 0,
        severelyErroredSeconds: 0,
      };
    case 'docsis':
      return {
        lineClass: 'docsis',
        profile: line,
        downstream: line.downstream.map(() => ({
          unerroreds: 0,
          correcteds: 0,
          uncorrectables: 0,
        })),
        upstream: line.upstream.map(() => ({ t3Timeouts: 0, t4Timeouts: 0 })),
      };
    case 'fibre':
      return { lineClass: 'fibre', profile: line, upSince: bootAt + trainingSeconds };
  }
}

function noDslErrors(): DslErrorCounters {
  return { fecCorrected: 0, retransmitted: 0, uncorrected: 0, crc: 0, hec: 0 };
}

/**
 * A DSL retrain: the line drops and trains again, up to 4% below its best sync rate. The
 * seconds before a drop are severely errored.
 */
export function retrainLine(state: LineState, at: number, random: Random): void {
  if (state.lineClass !== 'dsl') return;
  state.trainedAt = at + trainingSeconds;
  state.retrains += 1;
  state.syncShare = 1 - random.float(0, 0.04);
  const severelyErrored = random.int(1, 4);
  state.severelyErroredSeconds += severelyErrored;
  state.erroredSeconds += severelyErrored + random.int(0, 3);
}

/** Adds `seconds` of the line's counters around `moment`. */
export function runLine(
  state: LineState,
  seconds: number,
  moment: LocalMoment,
  random: Random,
): void {
  if (state.lineClass === 'dsl') runDsl(state, seconds, moment, random);
  if (state.lineClass === 'docsis') runDocsis(state, seconds, random);
}

/** Crosstalk follows the neighbourhood's evening: everyone's modem is busy then. */
function crosstalk(line: DslLineProfile, moment: LocalMoment): number {
  return line.noisiness * curveWeight('evening', moment);
}

/**
 * Errors come from the margin: a line at 6 dB retransmits a DTU every few seconds downstream in
 * the evening's crosstalk, a line with plenty of margin hardly any. Upstream sees far less
 * crosstalk, and carries less.
 */
function runDsl(state: DslState, seconds: number, moment: LocalMoment, random: Random): void {
  const line = state.profile;
  const noise = crosstalk(line, moment);
  const atm = line.mode.linkEncapsulation.endsWith('_ATM');
  const downstreamMarginDb = line.downstreamMargin / 10 - 1.2 * noise;
  const upstreamMarginDb = line.upstreamMargin / 10 - 0.6 * noise;
  const downstreamRate =
    0.05 * line.noisiness * Math.exp(-(downstreamMarginDb - 6) / 2.5) * (1 + 4 * noise);
  const upstreamRate =
    0.005 * line.noisiness * Math.exp(-(upstreamMarginDb - 6) / 2.5) * (1 + noise);
  const crcDown = addErrors(state.downstream, downstreamRate * seconds, atm, random);
  addErrors(state.upstream, upstreamRate * seconds, atm, random);
  // CRC errors come in bursts, so fewer seconds than errors are errored; few are severe.
  const errored = Math.min(seconds, crcDown * 0.6 * lognormal(random));
  state.erroredSeconds += errored;
  state.severelyErroredSeconds += errored * 0.03 * lognormal(random);
}

/** A lognormal factor with mean 1: errors come in bursts. */
function lognormal(random: Random): number {
  return Math.exp(random.normal(-0.125, 0.5));
}

/** Adds a step's errors to one direction, from its expected retransmissions; returns its CRCs. */
function addErrors(
  counters: DslErrorCounters,
  expectedRetransmissions: number,
  atm: boolean,
  random: Random,
): number {
  const retransmitted = expectedRetransmissions * lognormal(random);
  const uncorrected = retransmitted * 0.002 * lognormal(random);
  const crc = uncorrected * 1.5;
  counters.fecCorrected += retransmitted * 25 * lognormal(random);
  counters.retransmitted += retransmitted;
  counters.uncorrected += uncorrected;
  counters.crc += crc;
  if (atm) counters.hec += crc * 2.5;
  return crc;
}

function runDocsis(state: DocsisState, seconds: number, random: Random): void {
  state.profile.downstream.forEach((channel, index) => {
    const counters = state.downstream[index];
    if (!counters) return;
    // 256-QAM carries about 4250 codewords per second per MHz of channel.
    const codewords = (channel.widthHz / 1e6) * 4250 * seconds;
    const correctedShare = 1e-6 * Math.exp((38 - channel.signalNoise / 10) * 1.2);
    const corrected = codewords * correctedShare * Math.exp(random.normal(-0.5, 1));
    counters.unerroreds += codewords - corrected;
    counters.correcteds += corrected;
    counters.uncorrectables += corrected * 0.001 * Math.exp(random.normal(-0.5, 1));
  });
  for (const counters of state.upstream) {
    // Ranging timeouts: about two T3s and one T4 every ten days.
    if (random.chance((seconds * 0.2) / 86_400)) counters.t3Timeouts += 1;
    if (random.chance((seconds * 0.1) / 86_400)) counters.t4Timeouts += 1;
  }
}

/** What the line reports at `at`: its gauges with their noise, its counters as whole numbers. */
export function readLine(
  state: LineState,
  at: number,
  moment: LocalMoment,
  random: Random,
): DslReading | DocsisReading | FibreReading {
  switch (state.lineClass) {
    case 'dsl':
      return readDsl(state, at, moment, random);
    case 'docsis':
      return readDocsis(state, moment, random);
    case 'fibre':
      return {
        lineClass: 'fibre',
        secondsSinceUp: Math.max(0, at - state.upSince),
        receivePower: Math.round(state.profile.receivePower + random.normal(0, 80)),
        transmitPower: Math.round(state.profile.transmitPower + random.normal(0, 30)),
      };
  }
}

function readDsl(state: DslState, at: number, moment: LocalMoment, random: Random): DslReading {
  const line = state.profile;
  const noise = crosstalk(line, moment);
  return {
    lineClass: 'dsl',
    profile: line,
    secondsSinceTrained: Math.max(0, at - state.trainedAt),
    downstreamMargin: Math.round(line.downstreamMargin - 12 * noise + random.normal(0, 3)),
    upstreamMargin: Math.round(line.upstreamMargin - 6 * noise + random.normal(0, 3)),
    attainableDownstreamKbps: Math.round(
      line.attainableDownstreamKbps * (1 - 0.05 * noise) * (1 + random.normal(0, 0.01)),
    ),
    attainableUpstreamKbps: Math.round(
      line.attainableUpstreamKbps * (1 - 0.03 * noise) * (1 + random.normal(0, 0.01)),
    ),
    syncDownstreamKbps: Math.round(line.syncDownstreamKbps * state.syncShare),
    syncUpstreamKbps: Math.round(line.syncUpstreamKbps * state.syncShare),
    retrainsSinceBoot: state.retrains,
    downstream: wholeErrors(state.downstream),
    upstream: wholeErrors(state.upstream),
    erroredSeconds: Math.floor(state.erroredSeconds),
    severelyErroredSeconds: Math.floor(state.severelyErroredSeconds),
  };
}

function wholeErrors(counters: DslErrorCounters): DslErrorCounters {
  return {
    fecCorrected: Math.floor(counters.fecCorrected),
    retransmitted: Math.floor(counters.retransmitted),
    uncorrected: Math.floor(counters.uncorrected),
    crc: Math.floor(counters.crc),
    hec: Math.floor(counters.hec),
  };
}

function readDocsis(state: DocsisState, moment: LocalMoment, random: Random): DocsisReading {
  const line = state.profile;
  // Coax and amplifiers warm through the day: levels swing about half a dB.
  const plantDrift = 5 * Math.sin((2 * Math.PI * (moment.hour - 9)) / 24);
  return {
    lineClass: 'docsis',
    profile: line,
    downstream: line.downstream.map((channel, index) => {
      const counters = state.downstream[index];
      return {
        power: Math.round(channel.power + plantDrift + random.normal(0, 3)),
        signalNoise: Math.round(channel.signalNoise + random.normal(0, 3)),
        unerroreds: Math.floor(counters?.unerroreds ?? 0),
        correcteds: Math.floor(counters?.correcteds ?? 0),
        uncorrectables: Math.floor(counters?.uncorrectables ?? 0),
      };
    }),
    upstream: line.upstream.map((channel, index) => ({
      txPower: Math.round(channel.txPower - plantDrift + random.normal(0, 3)),
      t3Timeouts: state.upstream[index]?.t3Timeouts ?? 0,
      t4Timeouts: state.upstream[index]?.t4Timeouts ?? 0,
    })),
  };
}
