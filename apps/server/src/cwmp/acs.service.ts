import { randomBytes } from 'node:crypto';
import type { DeviceCommand } from '@linesight/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { ApiError } from '../http/api-error';
import type { IngestService } from '../ingest/ingest.service';
import type { ActionsService } from '../modules/actions/actions.service';
import type { DevicesService } from '../modules/devices/devices.service';
import { canonicalParameters } from './canonical';
import { blockReadPaths, commandScript } from './commands';
import { sendConnectionRequest } from './connection-request';
import type { AcsLine, CwmpDeviceRecord, CwmpRepository } from './cwmp.repository';
import {
  chunksOf,
  namesToRead,
  siteSurveyResultsPath,
  topObjectOf,
  tr181ReadPaths,
} from './read-set';
import {
  type AcsRequest,
  type CommandOutcome,
  type CpeRequest,
  type CpeResponse,
  type CwmpValue,
  type DataModel,
  dataModelRoots,
  faultText,
  responseTo,
} from './rpc';
import {
  type AcsMessage,
  acsMethods,
  type CpeEnvelope,
  readEnvelope,
  SoapError,
  statusOf,
  writeEnvelope,
} from './soap';
import { tr098ReadPaths } from './tr098';

/**
 * The ACS's sessions (decision 023). A session is held in memory, keyed by line, from its
 * Inform to its 204: the gateway's requests are answered, then the ACS runs its plan one
 * request at a time (its settings on the gateway, the commands waiting, discovery, the reads,
 * the site survey), and what the session read is written as one canonical report through the
 * collector when it ends, however it ends.
 */

export interface AcsSettings {
  /** The PeriodicInformInterval (s) set on every gateway: `CWMP_INFORM_INTERVAL_SECONDS`. */
  informIntervalSeconds: number;
  /** A session idle this long is closed and what it read written: `CWMP_SESSION_TIMEOUT_SECONDS`. */
  sessionTimeoutSeconds: number;
  /** Messages a session may run to before it is ended. */
  maxMessages: number;
  /** Seconds a session may run before it is ended. */
  maxSessionSeconds: number;
  /** How long a connection request waits for the gateway's answer. */
  connectionRequestTimeoutMs: number;
}

export const defaultAcsSettings: AcsSettings = {
  informIntervalSeconds: 300,
  sessionTimeoutSeconds: 30,
  maxMessages: 100,
  maxSessionSeconds: 300,
  connectionRequestTimeoutMs: 5000,
};

/** What the route sends back: an envelope, the 204 that ends a session, or a refusal. */
export type AcsAnswer =
  | { status: 200 | 500; xml: string; cookie?: string }
  | { status: 204 }
  | { status: 400; reason: string };

/** How often the site survey is asked for, at most, when no radio change calls for one. */
const surveyEveryMs = 3600_000;
const diagnosticsComplete = '8 DIAGNOSTICS COMPLETE';
const radioActions: ReadonlySet<DeviceCommand['action']> = new Set([
  'changeChannel',
  'changeBandwidth',
  'changeBandwidthAndChannel',
]);

type Plan = AsyncGenerator<AcsRequest, void, CpeResponse>;

interface Session {
  /** The `cwmp-session` cookie's value. */
  id: string;
  line: AcsLine;
  device: CwmpDeviceRecord;
  inform: Extract<CpeRequest, { method: 'Inform' }>;
  informAt: Date;
  messages: number;
  /** Every value read, by the gateway's own path; the Inform's first. */
  values: Map<string, CwmpValue>;
  /** Names whose GetParameterValues was answered. */
  answeredNames: Set<string>;
  plan: Plan | undefined;
  /** The ACS's request the gateway is to answer next, and its `cwmp:ID`. */
  waiting: AcsRequest | undefined;
  nextId: number;
  surveyWanted: boolean;
  /**
   * A command was queued since the session last looked at the queue (or, before its first look,
   * one was waiting at its Inform): if it ends without looking again (cut off, or between its
   * last look and its end), a connection request follows.
   */
  commandQueuedSinceLook: boolean;
  idleTimer: NodeJS.Timeout | undefined;
  ended: boolean;
}

/** A gateway's data model, by the root its Inform's parameters name. */
function dataModelOf(values: readonly CwmpValue[]): DataModel | undefined {
  if (values.some((value) => value.name.startsWith(dataModelRoots.tr098))) return 'tr098';
  if (values.some((value) => value.name.startsWith(dataModelRoots.tr181))) return 'tr181';
  return undefined;
}

/** Whether two records of a gateway hold the same values: times by instant, lists by items. */
function sameRecord(a: CwmpDeviceRecord, b: CwmpDeviceRecord): boolean {
  const same = (x: unknown, y: unknown): boolean => {
    if (x instanceof Date && y instanceof Date) return x.getTime() === y.getTime();
    if (Array.isArray(x) && Array.isArray(y)) {
      return x.length === y.length && x.every((item, index) => item === y[index]);
    }
    return x === y;
  };
  return (Object.keys(a) as (keyof CwmpDeviceRecord)[]).every((key) => same(a[key], b[key]));
}

const managementServer = (model: DataModel): string => `${dataModelRoots[model]}ManagementServer.`;

/** The ParameterKey of a command's changes: its message id, in TR-069's 32 characters. */
const parameterKeyOf = (messageId: string): string => messageId.replaceAll('-', '');

export class AcsService {
  private readonly sessions = new Map<string, Session>();
  /**
   * The open sessions by their line's token and code: a session's later messages take its line
   * from here, so only its Inform looks the line up in the database.
   */
  private readonly openByToken = new Map<string, Session>();
  private readonly openByCode = new Map<string, Session>();
  /** Each line's work, one message at a time, as a gateway's session is sequential. */
  private readonly turns = new Map<string, Promise<unknown>>();
  /** Each line's last report second, so that two sessions in one second take two. */
  private readonly lastReportSecond = new Map<string, number>();
  private readonly closing = new AbortController();

  constructor(
    private readonly repository: CwmpRepository,
    private readonly ingest: IngestService,
    private readonly actions: ActionsService,
    devices: DevicesService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly settings: AcsSettings = defaultAcsSettings,
  ) {
    actions.onCommandQueued((lineId) => void this.requestConnection(lineId));
    devices.onLineRetired((code) => {
      const open = this.openByCode.get(code);
      if (!open) return;
      void this.inTurn(open.line.id, () =>
        this.end(open, 'cut off: its line was deprovisioned or re-provisioned'),
      );
    });
  }

  /**
   * The line of a per-line ACS URL's token; undefined for a token no line has. A line with a
   * session open is the one its Inform found: a line deprovisioned or re-provisioned meanwhile
   * finishes that session, and its report is then refused as a report on an old token is.
   */
  lineByToken(token: string): Promise<AcsLine | undefined> {
    const open = this.openByToken.get(token);
    return open ? Promise.resolve(open.line) : this.repository.lineByToken(token);
  }

  /** The line of a shared ACS URL's username, as `lineByToken` finds it. */
  lineByCode(code: string): Promise<AcsLine | undefined> {
    const open = this.openByCode.get(code);
    return open ? Promise.resolve(open.line) : this.repository.lineByCode(code);
  }

  /** Whether the line has a session open (tests ask). */
  hasSession(lineId: string): boolean {
    return this.sessions.has(lineId);
  }

  /**
   * One HTTP POST of the line's gateway: `body` is the envelope (empty for an empty POST),
   * `cookie` the `cwmp-session` cookie it sent back, if any.
   */
  receive(line: AcsLine, body: string, cookie: string | undefined): Promise<AcsAnswer> {
    return this.inTurn(line.id, () => this.receiveInTurn(line, body, cookie));
  }

  /** A body that could not be taken (too large): the line's session ends as cut off. */
  refuse(line: AcsLine): Promise<void> {
    return this.inTurn(line.id, async () => {
      const open = this.sessions.get(line.id);
      if (open) await this.end(open, 'cut off by a body it could not take');
    });
  }

  /** Ends every open session, writing what each read (the server is closing). */
  async close(): Promise<void> {
    this.closing.abort();
    await Promise.all(
      [...this.sessions.values()].map((session) =>
        this.inTurn(session.line.id, () => this.end(session, 'closed with the server')),
      ),
    );
  }

  private inTurn<T>(lineId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.turns.get(lineId) ?? Promise.resolve();
    const turn = previous.then(work, work);
    const settled = turn.catch(() => undefined);
    this.turns.set(lineId, settled);
    void settled.then(() => {
      if (this.turns.get(lineId) === settled) this.turns.delete(lineId);
    });
    return turn;
  }

  private async receiveInTurn(
    line: AcsLine,
    body: string,
    cookie: string | undefined,
  ): Promise<AcsAnswer> {
    const open = this.sessions.get(line.id);
    let envelope: CpeEnvelope | undefined;
    if (body.trim() !== '') {
      try {
        envelope = readEnvelope(body);
      } catch (error) {
        if (!(error instanceof SoapError)) throw error;
        if (open) await this.end(open, 'cut off by an envelope it could not read');
        return { status: 400, reason: error.message };
      }
    }
    const message = envelope?.message ?? { kind: 'empty' as const };
    if (envelope && message.kind === 'request' && message.request.method === 'Inform') {
      return this.inform(line, envelope, message.request, open);
    }
    if (!open) {
      // An empty POST after a session the ACS already closed: nothing more to do.
      if (message.kind === 'empty') return { status: 204 };
      return { status: 400, reason: 'A CWMP session starts with an Inform.' };
    }
    if (cookie !== undefined && cookie !== open.id) {
      return { status: 400, reason: 'This cwmp-session cookie is not the line’s open session.' };
    }
    this.touch(open);
    const elapsed = this.clock.now().getTime() - open.informAt.getTime();
    if (
      open.messages > this.settings.maxMessages ||
      elapsed > this.settings.maxSessionSeconds * 1000
    ) {
      await this.end(open, 'cut off at its message or time cap');
      return { status: 204 };
    }
    switch (message.kind) {
      case 'request':
        return this.answerRequest(open, message.request, envelope?.id ?? null);
      case 'empty':
        if (open.waiting) {
          await this.end(open, `ended by the gateway without answering ${open.waiting.method}`);
          return { status: 204 };
        }
        return this.advance(open, undefined);
      case 'response':
        if (!open.waiting) {
          return {
            status: 400,
            reason: `${message.response.method} answers nothing the ACS asked.`,
          };
        }
        if (
          message.response.method !== 'Fault' &&
          message.response.method !== responseTo[open.waiting.method]
        ) {
          const reason = `${message.response.method} does not answer ${open.waiting.method}.`;
          await this.end(open, 'cut off by an answer to another request');
          return { status: 400, reason };
        }
        return this.advance(open, message.response);
    }
  }

  /**
   * Binds the gateway on its first Inform, refuses another serial number (which leaves the line's
   * open session alone), opens the session in place of the one open.
   */
  private async inform(
    line: AcsLine,
    envelope: CpeEnvelope,
    inform: Extract<CpeRequest, { method: 'Inform' }>,
    open: Session | undefined,
  ): Promise<AcsAnswer> {
    const now = this.clock.now();
    const { device: existing, commandsWaiting } = await this.repository.atInform(line);
    const { deviceId } = inform;
    if (existing && existing.serialNumber !== deviceId.serialNumber) {
      this.log.warn(
        {
          lineOfServiceCode: line.lineOfServiceCode,
          boundSerialNumber: existing.serialNumber,
          informedSerialNumber: deviceId.serialNumber,
        },
        'refused an Inform from another gateway than the line’s (CWMP fault 8001)',
      );
      return this.envelope(
        {
          kind: 'fault',
          fault: 8001,
          detail: 'This line of service has another gateway; re-provision the line to move it.',
        },
        envelope.cwmpMinor,
        envelope.id,
      );
    }
    if (open) await this.end(open, 'replaced by a new Inform');
    const events = new Set(inform.events.map((event) => event.eventCode.trim().toUpperCase()));
    const reset = events.has('0 BOOTSTRAP');
    const booted = reset || events.has('1 BOOT');
    const model = dataModelOf(inform.parameters) ?? existing?.dataModel ?? 'tr181';
    const connectionRequestUrl = inform.parameters.find(
      (value) => value.name === `${managementServer(model)}ConnectionRequestURL`,
    )?.value;
    // What a BOOTSTRAP (a factory reset) made the gateway forget, and what a BOOT may change.
    const device: CwmpDeviceRecord = {
      lineId: line.id,
      reportingToken: line.reportingToken,
      oui: deviceId.oui,
      productClass: deviceId.productClass,
      serialNumber: deviceId.serialNumber,
      dataModel: model,
      cwmpMinor: envelope.cwmpMinor,
      connectionRequestUrl:
        connectionRequestUrl?.trim() || (existing?.connectionRequestUrl ?? null),
      connectionRequestUsername: reset ? null : (existing?.connectionRequestUsername ?? null),
      connectionRequestPassword: reset ? null : (existing?.connectionRequestPassword ?? null),
      informIntervalSeconds: reset ? null : (existing?.informIntervalSeconds ?? null),
      objects: booted ? null : (existing?.objects ?? null),
      faultedNames: booted ? [] : (existing?.faultedNames ?? []),
      diagnosticsPending:
        events.has(diagnosticsComplete) || (existing?.diagnosticsPending ?? false),
      surveyRequestedAt: existing?.surveyRequestedAt ?? null,
      updatedAt: existing?.updatedAt ?? now,
    };
    // What the Inform obliges the ACS to do later is stored before it is acknowledged; a
    // periodic Inform of a gateway as it was obliges nothing new.
    if (!existing || !sameRecord(existing, device)) {
      device.updatedAt = now;
      await this.repository.save(device);
    }
    const session: Session = {
      id: randomBytes(16).toString('hex'),
      line,
      device,
      inform,
      informAt: now,
      messages: 0,
      values: new Map(inform.parameters.map((value) => [value.name, value])),
      answeredNames: new Set(),
      plan: undefined,
      waiting: undefined,
      nextId: 1,
      surveyWanted: false,
      commandQueuedSinceLook: commandsWaiting,
      idleTimer: undefined,
      ended: false,
    };
    this.sessions.set(line.id, session);
    this.openByToken.set(line.reportingToken, session);
    this.openByCode.set(line.lineOfServiceCode, session);
    this.touch(session);
    return {
      ...this.envelope({ kind: 'InformResponse' }, envelope.cwmpMinor, envelope.id),
      cookie: session.id,
    };
  }

  private envelope(
    message: AcsMessage,
    cwmpMinor: number,
    id: string | null,
  ): Extract<AcsAnswer, { xml: string }> {
    return { status: statusOf(message), xml: writeEnvelope(message, cwmpMinor, id) };
  }

  /** A message came: one more for the caps, and the idle timer starts again. */
  private touch(session: Session): void {
    session.messages++;
    clearTimeout(session.idleTimer);
    session.idleTimer = setTimeout(() => {
      void this.inTurn(session.line.id, () => this.end(session, 'timed out'));
    }, this.settings.sessionTimeoutSeconds * 1000);
    session.idleTimer.unref();
  }

  private answerRequest(session: Session, request: CpeRequest, id: string | null): AcsAnswer {
    const minor = session.device.cwmpMinor;
    switch (request.method) {
      case 'TransferComplete':
      case 'AutonomousTransferComplete':
        this.log.info(
          {
            lineOfServiceCode: session.line.lineOfServiceCode,
            commandKey: request.commandKey,
            faultCode: request.faultCode,
          },
          `the gateway reported ${request.method}`,
        );
        return this.envelope({ kind: `${request.method}Response` }, minor, id);
      case 'GetRPCMethods':
        return this.envelope({ kind: 'GetRPCMethodsResponse', methods: acsMethods }, minor, id);
      case 'Inform':
      case 'Unknown':
        return this.envelope(
          {
            kind: 'fault',
            fault: 8000,
            detail: `${request.method === 'Unknown' ? request.name : request.method} is not supported here`,
          },
          minor,
          id,
        );
    }
  }

  /** Resumes the plan with the gateway's answer; its next request, or the 204 that ends it. */
  private async advance(session: Session, answer: CpeResponse | undefined): Promise<AcsAnswer> {
    session.waiting = undefined;
    let step: IteratorResult<AcsRequest, void>;
    try {
      if (session.plan) step = await session.plan.next(answer as CpeResponse);
      else {
        session.plan = this.plan(session);
        step = await session.plan.next();
      }
    } catch (error) {
      await this.end(session, 'cut off by a failure');
      throw error;
    }
    if (step.done) {
      await this.end(session, 'ended');
      return { status: 204 };
    }
    session.waiting = step.value;
    const id = `linesight-${session.nextId++}`;
    return this.envelope({ kind: 'request', request: step.value }, session.device.cwmpMinor, id);
  }

  /** What the ACS asks of the gateway in a session, in order. */
  private async *plan(session: Session): Plan {
    yield* this.configure(session);
    yield* this.commands(session);
    if (session.device.objects === null) yield* this.discover(session);
    yield* this.read(session);
    yield* this.requestSurvey(session);
    // A command queued through this server meanwhile runs before the session ends. One queued
    // through another server sends its connection request there, which the gateway answers
    // with a session after this one (TR-069 3.2.2), or its next periodic session takes it.
    while (yield* this.commands(session)) yield* this.requestSurvey(session);
  }

  private async save(session: Session): Promise<void> {
    session.device.updatedAt = this.clock.now();
    await this.repository.save(session.device);
  }

  /**
   * Sets the periodic inform interval and the connection request credentials when what the
   * gateway has differs from what the ACS wants. A gateway that refuses the credentials is asked
   * for the interval alone, and is not asked for credentials again until its next BOOTSTRAP
   * (they are kept as empty: the ACS then sends its connection requests without a password the
   * gateway would know).
   */
  private async *configure(session: Session): Plan {
    const { device } = session;
    const wanted = this.settings.informIntervalSeconds;
    if (device.connectionRequestUsername !== null && device.informIntervalSeconds === wanted)
      return;
    const server = managementServer(device.dataModel);
    const interval: CwmpValue[] = [
      { name: `${server}PeriodicInformEnable`, value: 'true', type: 'xsd:boolean' },
      { name: `${server}PeriodicInformInterval`, value: String(wanted), type: 'xsd:unsignedInt' },
    ];
    const refusedBefore = device.connectionRequestUsername === '';
    if (!refusedBefore) {
      const username = device.connectionRequestUsername ?? `acs-${randomBytes(6).toString('hex')}`;
      const password = device.connectionRequestPassword ?? randomBytes(16).toString('hex');
      const answer = yield {
        method: 'SetParameterValues',
        parameterList: [
          ...interval,
          { name: `${server}ConnectionRequestUsername`, value: username, type: 'xsd:string' },
          { name: `${server}ConnectionRequestPassword`, value: password, type: 'xsd:string' },
        ],
        parameterKey: 'linesight-settings',
      };
      if (answer.method === 'SetParameterValuesResponse') {
        Object.assign(device, {
          connectionRequestUsername: username,
          connectionRequestPassword: password,
          informIntervalSeconds: wanted,
        });
        await this.save(session);
        return;
      }
      this.logFault(session, 'refused the connection request credentials', answer);
    }
    const again = yield {
      method: 'SetParameterValues',
      parameterList: interval,
      parameterKey: 'linesight-settings',
    };
    if (again.method === 'SetParameterValuesResponse') {
      Object.assign(device, {
        informIntervalSeconds: wanted,
        connectionRequestUsername: device.connectionRequestUsername ?? '',
        connectionRequestPassword: device.connectionRequestPassword ?? '',
      });
      await this.save(session);
    } else this.logFault(session, 'refused the periodic inform interval', again);
  }

  /**
   * Runs the commands waiting for the line, each to its ACK or NAK, when one waited at the Inform
   * or was queued here since the last look; answers whether any ran.
   */
  private async *commands(session: Session): AsyncGenerator<AcsRequest, boolean, CpeResponse> {
    const { line, device } = session;
    if (!session.commandQueuedSinceLook) return false;
    session.commandQueuedSinceLook = false;
    const waiting = await this.actions.poll(line.id, 0);
    for (const command of waiting) {
      const outcome: CommandOutcome = yield* commandScript(
        device.dataModel,
        command,
        parameterKeyOf(command.messageId),
      );
      try {
        await this.actions.answer(line, command.messageId, outcome);
      } catch (error) {
        // Expired or answered meanwhile: the state it has stands.
        if (!(error instanceof ApiError)) throw error;
        this.log.info(
          { lineOfServiceCode: line.lineOfServiceCode, messageId: command.messageId },
          `a command's result was not taken: ${error.message}`,
        );
      }
      if (outcome.result === 'ACK' && radioActions.has(command.action)) session.surveyWanted = true;
    }
    return waiting.length > 0;
  }

  /** Which objects the gateway has under its root, so no read names one it lacks. */
  private async *discover(session: Session): Plan {
    const { device } = session;
    const answer = yield {
      method: 'GetParameterNames',
      parameterPath: dataModelRoots[device.dataModel],
      nextLevel: true,
    };
    if (answer.method !== 'GetParameterNamesResponse') {
      this.logFault(session, 'did not list its objects', answer);
      return;
    }
    const objects = answer.parameters
      .map((parameter) => parameter.name)
      .filter((name) => name.endsWith('.') && topObjectOf(name) === name);
    if (objects.length === 0) return;
    device.objects = [...new Set(objects)];
    await this.save(session);
  }

  private namesOfSession(session: Session): string[] {
    const { device } = session;
    const model = device.dataModel;
    const paths = [
      ...(model === 'tr181' ? tr181ReadPaths : tr098ReadPaths),
      ...blockReadPaths(model),
      ...(device.diagnosticsPending && model === 'tr181' ? [siteSurveyResultsPath] : []),
    ];
    return namesToRead(paths, device.objects, device.faultedNames);
  }

  /**
   * GetParameterValues of the read set, 32 names at most a request. A request the gateway
   * cannot take whole (9004 resources exceeded, or 9005 for one name among several) is split
   * in halves; a single name it faults 9005 on is left out for it until its next BOOT.
   */
  private async *read(session: Session): Plan {
    const { device } = session;
    const queue = chunksOf(this.namesOfSession(session));
    for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
      const answer = yield { method: 'GetParameterValues', parameterNames: chunk };
      if (answer.method === 'GetParameterValuesResponse') {
        for (const value of answer.parameters) session.values.set(value.name, value);
        for (const name of chunk) session.answeredNames.add(name);
        continue;
      }
      if (answer.method !== 'Fault') continue;
      const [only] = chunk;
      if ((answer.faultCode === 9004 || answer.faultCode === 9005) && chunk.length > 1) {
        const half = Math.ceil(chunk.length / 2);
        queue.unshift(chunk.slice(0, half), chunk.slice(half));
      } else if (answer.faultCode === 9005 && only !== undefined) {
        device.faultedNames = [...device.faultedNames, only];
        await this.save(session);
      } else
        this.logFault(session, `did not answer GetParameterValues of ${chunk.join(', ')}`, answer);
    }
    if (device.diagnosticsPending && session.answeredNames.has(siteSurveyResultsPath)) {
      device.diagnosticsPending = false;
      await this.save(session);
    } else if (device.diagnosticsPending && device.faultedNames.includes(siteSurveyResultsPath)) {
      device.diagnosticsPending = false;
      await this.save(session);
    }
    // A gateway whose interval was changed since (by hand, by another ACS) gets it set again.
    const interval = session.values.get(
      `${managementServer(device.dataModel)}PeriodicInformInterval`,
    );
    if (
      interval &&
      Number(interval.value) !== device.informIntervalSeconds &&
      device.informIntervalSeconds !== null
    ) {
      device.informIntervalSeconds = null;
      await this.save(session);
    }
  }

  /**
   * Asks a TR-181 gateway for a site survey (NeighboringWiFiDiagnostic) hourly, and after a
   * channel or bandwidth change; it informs DIAGNOSTICS COMPLETE when the results are ready.
   */
  private async *requestSurvey(session: Session): Plan {
    const { device } = session;
    if (device.dataModel !== 'tr181') return;
    if (device.objects && !device.objects.includes('Device.WiFi.')) return;
    const now = this.clock.now();
    const last = device.surveyRequestedAt?.getTime();
    if (!session.surveyWanted && last !== undefined && now.getTime() - last < surveyEveryMs) return;
    session.surveyWanted = false;
    const answer = yield {
      method: 'SetParameterValues',
      parameterList: [
        {
          name: `${siteSurveyResultsPath}DiagnosticsState`,
          value: 'Requested',
          type: 'xsd:string',
        },
      ],
      parameterKey: 'linesight-survey',
    };
    device.surveyRequestedAt = now;
    await this.save(session);
    if (answer.method === 'Fault') this.logFault(session, 'refused the site survey', answer);
  }

  private logFault(session: Session, what: string, answer: CpeResponse): void {
    this.log.debug(
      {
        lineOfServiceCode: session.line.lineOfServiceCode,
        fault: answer.method === 'Fault' ? faultText(answer) : answer.method,
      },
      `the gateway ${what}`,
    );
  }

  /** Closes the session and writes what it read as its one report. */
  private async end(session: Session, how: string): Promise<void> {
    if (session.ended) return;
    session.ended = true;
    clearTimeout(session.idleTimer);
    if (this.sessions.get(session.line.id) === session) this.sessions.delete(session.line.id);
    if (this.openByToken.get(session.line.reportingToken) === session) {
      this.openByToken.delete(session.line.reportingToken);
    }
    if (this.openByCode.get(session.line.lineOfServiceCode) === session) {
      this.openByCode.delete(session.line.lineOfServiceCode);
    }
    if (session.commandQueuedSinceLook) void this.requestConnection(session.line.id);
    const { line, device } = session;
    this.log.debug(
      { lineOfServiceCode: line.lineOfServiceCode, messages: session.messages },
      `CWMP session ${how}`,
    );
    const parameters = canonicalParameters({
      model: device.dataModel,
      deviceId: session.inform.deviceId,
      cwmpMinor: device.cwmpMinor,
      values: [...session.values.values()],
      blockStateRead: blockReadPaths(device.dataModel).every((path) =>
        session.answeredNames.has(path),
      ),
    });
    try {
      const written = await this.ingest.receiveRead(line.reportingToken, {
        collectionTime: this.reportSecondOf(session),
        parameters,
      });
      if (written.dropped.length > 0) {
        this.log.info(
          { lineOfServiceCode: line.lineOfServiceCode, dropped: written.dropped },
          'values of a CWMP session left out of its report',
        );
      }
    } catch (error) {
      this.log.warn(
        { lineOfServiceCode: line.lineOfServiceCode, err: error },
        'the report of a CWMP session was not written',
      );
    }
  }

  /** The Inform's second, or the second after the line's last report when that is taken. */
  private reportSecondOf(session: Session): number {
    const { line } = session;
    const informed = Math.floor(session.informAt.getTime() / 1000);
    const last =
      this.lastReportSecond.get(line.id) ??
      (line.lastReportedAt ? Math.floor(line.lastReportedAt.getTime() / 1000) : informed - 1);
    const second = Math.max(informed, last + 1);
    this.lastReportSecond.set(line.id, second);
    return second;
  }

  /**
   * Asks the line's gateway to open a session now (a command is waiting), unless one is open:
   * that one looks at the queue before it ends. Failures are the gateway's (off, behind NAT):
   * the command then runs in its next periodic session.
   */
  private async requestConnection(lineId: string): Promise<void> {
    // A session open now, or opened meanwhile (an Inform replacing the one that just ended),
    // looks at the queue before it ends.
    const lookAgain = (): boolean => {
      const open = this.sessions.get(lineId);
      if (open) open.commandQueuedSinceLook = true;
      return open !== undefined;
    };
    if (lookAgain() || this.closing.signal.aborted) return;
    try {
      const target = await this.repository.connectionRequestTarget(lineId);
      if (!target || lookAgain()) return;
      const result = await sendConnectionRequest(
        target.url,
        { username: target.username, password: target.password },
        { timeoutMs: this.settings.connectionRequestTimeoutMs, signal: this.closing.signal },
      );
      this.log.debug(
        { lineOfServiceCode: target.lineOfServiceCode, result },
        'connection request sent',
      );
    } catch (error) {
      this.log.debug({ lineId, err: error }, 'connection request failed');
    }
  }
}
