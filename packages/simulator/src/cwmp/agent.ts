import type { DeviceCommand } from '@linesight/contract';
import type { Gateway } from '../gateway';
import type { WifiBand } from '../profile';
import { unitHash } from '../random';
import {
  type ConfigEntry,
  type ConfigStore,
  type DataModel,
  type DataModelSpec,
  normalMac,
  type TableSpec,
} from './data-model';
import { fault, faultCodes, type Parameter, ParameterTree } from './parameter-tree';
import {
  type AcsEnvelope,
  type AcsRequest,
  type CpeResponse,
  type CwmpFault,
  cwmpNamespace,
  type CwmpValue,
  type InformEvent,
  type SetParameterValuesFault,
  writeCpeResponse,
  writeInform,
} from './soap';
import { tr098Model } from './tr098-model';
import { surveyOf, tr181Model } from './tr181-model';
import { booleanOf, dateTimeOf, isValueOf } from './xsd';

/**
 * A gateway's CWMP agent (TR-069 Amendment 6, the CPE's side): its parameter tree in TR-181 or
 * TR-098, read from the gateway once per session, what it keeps between sessions
 * (ManagementServer, the firewall rules or QoS classifications the ACS added, the diagnostic),
 * and its answers to the ACS's RPCs. It holds no I/O: `session.ts` carries its envelopes, and
 * its tests feed it envelopes. Changes reach the gateway through `Gateway.applyCommand`, so a
 * CWMP gateway and a Bulk Data one behave alike.
 */

export type CwmpMethod = Exclude<AcsRequest['method'], 'Unknown' | 'Invalid'>;

export interface CwmpAgentOptions {
  dataModel: DataModel;
  /** The ACS URL the gateway was configured with (`ManagementServer.URL`). */
  acsUrl: string;
  /** The interval it informs at until the ACS sets another (default 300 s). */
  periodicInformIntervalSeconds?: number;
  /** Faults on demand: each RPC named here is answered with that fault code. */
  faults?: Partial<Record<CwmpMethod, number>>;
  /**
   * Share of the ACS's changes (SetParameterValues, AddObject, DeleteObject, Reboot) refused
   * with 9001 as if the gateway were busy, seeded per gateway like the Bulk Data `nakShare`
   * (default 0).
   */
  faultShare?: number;
  /** At most this many names asked, or values answered, by one GetParameterValues (else 9004). */
  maxParameterValues?: number;
}

/** What the end of a session leaves the agent to do. */
export interface SessionEnd {
  /** It rebooted (Reboot RPC): the next session informs `1 BOOT` and `M Reboot`. */
  rebooted: boolean;
  /** A diagnostic ran: the next session informs `8 DIAGNOSTICS COMPLETE`, at once. */
  diagnosticsComplete: boolean;
}

const supportedMethods: readonly CwmpMethod[] = [
  'GetRPCMethods',
  'GetParameterNames',
  'GetParameterValues',
  'SetParameterValues',
  'AddObject',
  'DeleteObject',
  'Reboot',
];

/** TR-069 Table 60's names for the CPE's faults. */
const faultStrings: Record<number, string> = {
  9000: 'Method not supported',
  9001: 'Request denied (no reason specified)',
  9002: 'Internal error',
  9003: 'Invalid arguments',
  9004: 'Resources exceeded',
  9005: 'Invalid parameter name',
  9006: 'Invalid parameter type',
  9007: 'Invalid parameter value',
  9008: 'Attempt to set a non-writable parameter',
};

const models: Record<DataModel, DataModelSpec> = { tr181: tr181Model, tr098: tr098Model };

/** Values a writable parameter takes beyond its type, by the parameter's last name. */
const allowedValues: Record<string, (value: string) => boolean> = {
  Target: (value) => ['Drop', 'Accept', 'Reject', 'Return', 'TargetChain'].includes(value),
  ConformingAction: (value) => /^(Null|Drop|\d+(:\d+)?)$/.test(value),
  NonConformingAction: (value) => /^(Null|Drop|\d+(:\d+)?)$/.test(value),
  SourceMAC: (value) => value === '' || normalMac(value) !== null,
  SourceMACAddress: (value) => value === '' || normalMac(value) !== null,
  SourceMACMask: (value) => value === '' || normalMac(value) !== null,
  OperatingChannelBandwidth: (value) => /^(20|40|80|160|320)MHz$/.test(value),
  Channel: (value) => Number(value) >= 1 && Number(value) <= 255,
  PeriodicInformInterval: (value) => Number(value) >= 1,
  Config: (value) => ['High', 'Low', 'Off', 'Advanced', 'Policy'].includes(value),
  AdvancedLevel: (value) => /^Device\.Firewall\.Level\.1\.?$/.test(value),
  DiagnosticsState: (value) => value === 'Requested',
  MeterType: (value) =>
    ['SimpleTokenBucket', 'SingleRateThreeColor', 'TwoRateThreeColor'].includes(value),
  URL: (value) => URL.canParse(value),
};

export class CwmpAgent {
  readonly model: DataModelSpec;
  private readonly config: ConfigStore = new Map();
  private readonly options: CwmpAgentOptions;
  /** The next instance number of each table: a deleted row's number is never reused. */
  private readonly nextInstance = new Map<string, number>();
  private events: InformEvent[] = [{ eventCode: '0 BOOTSTRAP', commandKey: '' }];
  /** What the firewall or QoS rules kept off the internet at the last commit. */
  private appliedBlocked = new Set<string>();
  private survey: [string, string, string][] = [];
  private tree: ParameterTree | null = null;
  private sessionAt = 0;
  private lastUptime: { at: number; uptime: number } | null = null;
  private rebootCommandKey: string | null = null;
  private surveyRequested = false;
  private changesAsked = 0;

  constructor(
    readonly gateway: Gateway,
    options: CwmpAgentOptions,
  ) {
    this.options = options;
    this.model = models[options.dataModel];
    gateway.managedOverCwmp();
    for (const entry of [...this.managementServerEntries(), ...this.model.factoryConfig()]) {
      this.configure(entry);
    }
  }

  get dataModel(): DataModel {
    return this.options.dataModel;
  }

  get cwmpNamespace(): string {
    return cwmpNamespace(this.model.cwmpVersion);
  }

  /** `ManagementServer.PeriodicInformInterval`, in seconds; null when periodic informs are off. */
  get periodicInformIntervalSeconds(): number | null {
    const enabled = this.configValue('PeriodicInformEnable');
    return booleanOf(enabled) ? Number(this.configValue('PeriodicInformInterval')) : null;
  }

  /** The credentials a connection request must carry; null until the ACS has set a username. */
  get connectionRequestCredentials(): { username: string; password: string } | null {
    const username = this.configValue('ConnectionRequestUsername');
    if (username === '') return null;
    return { username, password: this.configValue('ConnectionRequestPassword') };
  }

  get connectionRequestUrl(): string {
    return this.configValue('ConnectionRequestURL');
  }

  set connectionRequestUrl(url: string) {
    this.configure([
      `${this.model.managementServer}ConnectionRequestURL`,
      url,
      'xsd:string',
      false,
    ]);
  }

  get acsUrl(): string {
    return this.configValue('URL');
  }

  /** Adds an event for the next Inform; single events (`2 PERIODIC`…) are not repeated. */
  queueEvent(eventCode: string, commandKey = ''): void {
    const single = !eventCode.startsWith('M ');
    if (single && this.events.some((event) => event.eventCode === eventCode)) return;
    this.events.push({ eventCode, commandKey });
  }

  get pendingEvents(): readonly InformEvent[] {
    return this.events;
  }

  /**
   * Opens a session at `at`: reads the gateway once, and answers the Inform to send.
   * `retryCount` is the number of failed attempts since the last successful session.
   */
  beginSession(at: number, retryCount: number): string {
    this.sessionAt = at;
    const report = this.gateway.reportAt(at);
    const uptime = report['Device.DeviceInfo.UpTime'];
    if (typeof uptime === 'number') {
      if (this.lastUptime && uptime < at - this.lastUptime.at) this.queueEvent('1 BOOT');
      this.lastUptime = { at, uptime };
    }
    if (this.surveyRequested) {
      this.survey = surveyOf(report);
      this.surveyRequested = false;
    }
    const tree = new ParameterTree(this.model.root);
    this.model.writeReading(tree, report, this.gateway.profile);
    this.writeConfig(tree);
    this.tree = tree;
    const { profile } = this.gateway;
    const parameters: CwmpValue[] = [];
    for (const name of this.model.informParameters) {
      const parameter = tree.get(name);
      if (parameter) parameters.push({ name, value: parameter.value, type: parameter.type });
    }
    return writeInform(this.cwmpNamespace, `inform-${at}`, {
      deviceId: {
        manufacturer: tree.get(`${this.model.root}DeviceInfo.Manufacturer`)?.value ?? '',
        oui: profile.model.oui.replaceAll(':', '').toUpperCase(),
        productClass: profile.model.name,
        serialNumber: profile.serialNumber,
      },
      events: this.events,
      maxEnvelopes: 1,
      currentTime: dateTimeOf(at),
      retryCount,
      parameters,
    });
  }

  /** The ACS took the Inform: its events are delivered. */
  informAccepted(): void {
    this.events = [];
  }

  /** Answers one of the ACS's requests within the open session. */
  answer(envelope: AcsEnvelope): string {
    const { message } = envelope;
    const namespace = envelope.namespace;
    if (message.kind !== 'request') {
      return writeCpeResponse(namespace, envelope.id, cpeFault(faultCodes.invalidArguments));
    }
    return writeCpeResponse(namespace, envelope.id, this.respond(message.request));
  }

  /**
   * Ends the session, successful or cut off (what the ACS was answered is kept either way):
   * blocks and unblocks are committed, a Reboot reboots, a requested diagnostic runs.
   */
  endSession(): SessionEnd {
    const blocked = this.model.blockedMacs(this.config);
    for (const mac of blocked) {
      if (!this.appliedBlocked.has(mac)) {
        this.gateway.applyCommand(
          { action: 'block', parameters: { macAddress: mac } },
          this.sessionAt,
        );
      }
    }
    for (const mac of this.appliedBlocked) {
      if (!blocked.has(mac)) {
        this.gateway.applyCommand(
          { action: 'unblock', parameters: { macAddress: mac } },
          this.sessionAt,
        );
      }
    }
    this.appliedBlocked = blocked;
    this.tree = null;
    const rebooted = this.rebootCommandKey !== null;
    if (this.rebootCommandKey !== null) {
      this.gateway.reboot(this.sessionAt + 1);
      this.queueEvent('1 BOOT');
      this.queueEvent('M Reboot', this.rebootCommandKey);
      this.rebootCommandKey = null;
    }
    const diagnosticsComplete = this.surveyRequested && this.model.surveyDiagnostic !== null;
    if (diagnosticsComplete) {
      // The survey runs now; the next session reads its results.
      this.gateway.requestSurvey();
      this.queueEvent('8 DIAGNOSTICS COMPLETE');
    }
    return { rebooted, diagnosticsComplete };
  }

  private respond(request: AcsRequest): CpeResponse {
    if (request.method === 'Unknown') {
      return cpeFault(faultCodes.methodNotSupported, `${request.name} is not supported`);
    }
    if (request.method === 'Invalid') return cpeFault(faultCodes.invalidArguments, request.reason);
    const onDemand = this.options.faults?.[request.method];
    if (onDemand !== undefined) return cpeFault(onDemand);
    const tree = this.tree;
    if (!tree) return cpeFault(faultCodes.internalError, 'No session is open');
    if (this.refusesAsBusy(request.method)) {
      return cpeFault(faultCodes.requestDenied, 'Device busy, try again later');
    }
    switch (request.method) {
      case 'GetRPCMethods':
        return { method: 'GetRPCMethodsResponse', methods: supportedMethods };
      case 'GetParameterNames': {
        const answer = tree.names(request.parameterPath, request.nextLevel);
        if ('fault' in answer) return { method: 'Fault', ...answer.fault };
        return { method: 'GetParameterNamesResponse', parameters: answer.names };
      }
      case 'GetParameterValues':
        return this.getParameterValues(tree, request.parameterNames);
      case 'SetParameterValues':
        return this.setParameterValues(tree, request.parameterList, request.parameterKey);
      case 'AddObject':
        return this.addObject(tree, request.objectName, request.parameterKey);
      case 'DeleteObject':
        return this.deleteObject(tree, request.objectName, request.parameterKey);
      case 'Reboot':
        this.rebootCommandKey = request.commandKey;
        return { method: 'RebootResponse' };
    }
  }

  /** Seeded per gateway and change, so a run's refusals repeat with its seed. */
  private refusesAsBusy(method: CwmpMethod): boolean {
    const share = this.options.faultShare ?? 0;
    if (
      share <= 0 ||
      !['SetParameterValues', 'AddObject', 'DeleteObject', 'Reboot'].includes(method)
    ) {
      return false;
    }
    const draw = unitHash(this.gateway.profile.seed, 'cwmp-change', this.changesAsked);
    this.changesAsked += 1;
    return draw < share;
  }

  private getParameterValues(tree: ParameterTree, names: readonly string[]): CpeResponse {
    const limit = this.options.maxParameterValues ?? Infinity;
    if (names.length > limit) return cpeFault(faultCodes.resourcesExceeded);
    const answer = tree.values(names);
    if ('fault' in answer) return { method: 'Fault', ...answer.fault };
    if (answer.values.length > limit) return cpeFault(faultCodes.resourcesExceeded);
    return { method: 'GetParameterValuesResponse', parameters: answer.values };
  }

  private setParameterValues(
    tree: ParameterTree,
    list: readonly CwmpValue[],
    parameterKey: string,
  ): CpeResponse {
    const refused: SetParameterValuesFault[] = [];
    const refuse = (parameterName: string, faultCode: number, faultString?: string): void => {
      refused.push({
        parameterName,
        faultCode,
        faultString: faultString ?? faultStrings[faultCode] ?? '',
      });
    };
    const staged = new Map(this.config);
    const radios = new Map<string, RadioChange>();
    const seen = new Set<string>();
    for (const { name, value } of list) {
      const parameter = tree.get(name);
      if (seen.has(name)) {
        refuse(name, faultCodes.invalidArguments, 'Set twice in one request');
        continue;
      }
      seen.add(name);
      if (!parameter) {
        refuse(name, faultCodes.invalidParameterName);
        continue;
      }
      if (!parameter.writable) {
        refuse(name, faultCodes.notWritable);
        continue;
      }
      const leaf = name.slice(name.lastIndexOf('.') + 1);
      if (!isValueOf(parameter.type, value) || allowedValues[leaf]?.(value) === false) {
        refuse(name, faultCodes.invalidParameterValue);
        continue;
      }
      const radio = this.model.radioSetting(name);
      if (radio) {
        const change = radios.get(radio.radio) ?? {};
        if (radio.setting === 'Channel') change.channel = Number(value);
        if (radio.setting === 'AutoChannelEnable') change.auto = booleanOf(value);
        if (radio.setting === 'OperatingChannelBandwidth') change.bandwidth = parseInt(value, 10);
        change.names = [...(change.names ?? []), name];
        radios.set(radio.radio, change);
      } else {
        staged.set(name, {
          ...parameter,
          value: parameter.type === 'xsd:boolean' ? String(booleanOf(value)) : value,
        });
      }
    }
    if (refused.length > 0) {
      return {
        method: 'Fault',
        faultCode: faultCodes.invalidArguments,
        faultString: faultStrings[faultCodes.invalidArguments] ?? '',
        setParameterValuesFaults: refused,
      };
    }
    const commands: { command: DeviceCommand; names: string[] }[] = [];
    for (const [radio, change] of radios) {
      const command = this.radioCommand(tree, radio, change);
      if (command) commands.push({ command, names: change.names ?? [] });
    }
    const blockChanges = this.blockChanges(staged);
    for (const { command, names } of [...commands, ...blockChanges]) {
      const outcome = this.gateway.checkCommand(command, this.sessionAt);
      if (outcome.result === 'NAK') {
        return {
          method: 'Fault',
          faultCode: faultCodes.invalidParameterValue,
          faultString: outcome.value,
          setParameterValuesFaults: names.map((parameterName) => ({
            parameterName,
            faultCode: faultCodes.invalidParameterValue,
            faultString: outcome.value,
          })),
        };
      }
    }
    for (const { command } of commands) {
      this.gateway.applyCommand(command, this.sessionAt);
      this.showRadio(tree, command);
    }
    for (const [name, parameter] of staged) this.config.set(name, parameter);
    const diagnostic = this.model.surveyDiagnostic;
    if (diagnostic && list.some(({ name }) => name === diagnostic)) this.surveyRequested = true;
    this.setParameterKey(parameterKey);
    this.writeConfig(tree);
    // Firewall and QoS changes, and a diagnostic, take effect when the session ends.
    const later = blockChanges.length > 0 || this.surveyRequested;
    return { method: 'SetParameterValuesResponse', status: later ? 1 : 0 };
  }

  private addObject(tree: ParameterTree, objectName: string, parameterKey: string): CpeResponse {
    const table = this.model.tables.find((candidate) => candidate.path === objectName);
    if (!table) {
      return cpeFault(faultCodes.invalidParameterName, `${objectName} takes no AddObject`);
    }
    const instance = this.nextInstance.get(table.path) ?? 1;
    this.nextInstance.set(table.path, instance + 1);
    for (const [leaf, value, type, writable] of table.row(instance)) {
      this.configure([`${table.path}${instance}.${leaf}`, value, type, writable]);
    }
    this.countRows(table);
    this.setParameterKey(parameterKey);
    this.writeConfig(tree);
    return { method: 'AddObjectResponse', instanceNumber: instance, status: 0 };
  }

  private deleteObject(tree: ParameterTree, objectName: string, parameterKey: string): CpeResponse {
    const table = this.model.tables.find(
      (candidate) =>
        objectName.startsWith(candidate.path) &&
        /^\d+\.$/.test(objectName.slice(candidate.path.length)),
    );
    const names = [...this.config.keys()].filter((name) => name.startsWith(objectName));
    if (!table || names.length === 0) {
      return cpeFault(faultCodes.invalidParameterName, `No object ${objectName} to delete`);
    }
    const staged = new Map(this.config);
    for (const name of names) staged.delete(name);
    const unblocks = this.blockChanges(staged);
    for (const { command } of unblocks) {
      const outcome = this.gateway.checkCommand(command, this.sessionAt);
      if (outcome.result === 'NAK') return cpeFault(faultCodes.requestDenied, outcome.value);
    }
    for (const name of names) this.config.delete(name);
    this.countRows(table);
    this.setParameterKey(parameterKey);
    tree.removeObject(objectName);
    this.writeConfig(tree);
    return { method: 'DeleteObjectResponse', status: unblocks.length > 0 ? 1 : 0 };
  }

  /** Blocks and unblocks that `staged` would make, against what is applied now. */
  private blockChanges(staged: ConfigStore): { command: DeviceCommand; names: string[] }[] {
    const blocked = this.model.blockedMacs(staged);
    const changes: { command: DeviceCommand; names: string[] }[] = [];
    const namesOf = (mac: string): string[] =>
      [...staged].filter(([, { value }]) => normalMac(value) === mac).map(([name]) => name);
    for (const mac of blocked) {
      if (!this.appliedBlocked.has(mac)) {
        changes.push({
          command: { action: 'block', parameters: { macAddress: mac } },
          names: namesOf(mac),
        });
      }
    }
    for (const mac of this.appliedBlocked) {
      if (!blocked.has(mac)) {
        changes.push({
          command: { action: 'unblock', parameters: { macAddress: mac } },
          names: [],
        });
      }
    }
    return changes;
  }

  /** A radio's new settings as the gateway's command: a channel (0: auto) and/or a width. */
  private radioCommand(
    tree: ParameterTree,
    radio: string,
    change: RadioChange,
  ): DeviceCommand | null {
    const freqBand = tree.get(`${radio}OperatingFrequencyBand`)?.value as WifiBand | undefined;
    if (freqBand !== '2.4GHz' && freqBand !== '5GHz') return null;
    let channel: number | undefined;
    if (change.auto === true) channel = 0;
    else if (change.channel !== undefined) channel = change.channel;
    else if (change.auto === false) channel = Number(tree.get(`${radio}Channel`)?.value ?? 0);
    const channelBandwidth = change.bandwidth as 20 | 40 | 80 | 160 | undefined;
    if (channel !== undefined && channelBandwidth !== undefined) {
      return {
        action: 'changeBandwidthAndChannel',
        parameters: { freqBand, channel, channelBandwidth },
      };
    }
    if (channelBandwidth !== undefined) {
      return { action: 'changeBandwidth', parameters: { freqBand, channelBandwidth } };
    }
    if (channel !== undefined)
      return { action: 'changeChannel', parameters: { freqBand, channel } };
    return null;
  }

  /** The session's tree shows a radio's new settings at once; the next session reads them. */
  private showRadio(tree: ParameterTree, command: DeviceCommand): void {
    if (command.action === 'block' || command.action === 'unblock') return;
    for (const [name, parameter] of tree.entries()) {
      const radio = this.model.radioSetting(name);
      if (
        !radio ||
        tree.get(`${radio.radio}OperatingFrequencyBand`)?.value !== command.parameters.freqBand
      ) {
        continue;
      }
      const { parameters } = command;
      if (radio.setting === 'Channel' && 'channel' in parameters && parameters.channel > 0) {
        parameter.value = String(parameters.channel);
      }
      if (radio.setting === 'AutoChannelEnable' && 'channel' in parameters) {
        parameter.value = String(parameters.channel === 0);
      }
      if (radio.setting === 'OperatingChannelBandwidth' && 'channelBandwidth' in parameters) {
        parameter.value = `${parameters.channelBandwidth}MHz`;
      }
    }
  }

  private countRows(table: TableSpec): void {
    const rows = new Set<string>();
    for (const name of this.config.keys()) {
      const match = /^(\d+)\./.exec(name.slice(table.path.length));
      if (name.startsWith(table.path) && match?.[1]) rows.add(match[1]);
    }
    const counter = this.config.get(table.countedBy);
    if (counter) counter.value = String(rows.size);
  }

  private setParameterKey(parameterKey: string): void {
    const key = this.config.get(`${this.model.managementServer}ParameterKey`);
    if (key) key.value = parameterKey;
  }

  /** The agent's own parameters into the session's tree; passwords read as empty (TR-069). */
  private writeConfig(tree: ParameterTree): void {
    for (const table of this.model.tables) tree.declareObject(table.path, true);
    for (const [name, { value, type, writable }] of this.config) {
      const shown = name.endsWith('Password') ? '' : value;
      tree.set(name, shown, type as 'xsd:string', writable);
      for (const table of this.model.tables) {
        const row = /^(\d+)\./.exec(name.slice(table.path.length))?.[1];
        if (name.startsWith(table.path) && row) tree.declareObject(`${table.path}${row}.`, true);
      }
    }
    const diagnostic = this.model.surveyDiagnostic;
    if (!diagnostic) return;
    const state = this.surveyRequested ? 'Requested' : this.survey.length > 0 ? 'Complete' : 'None';
    tree.set(diagnostic, state, 'xsd:string', true);
    const base = diagnostic.slice(0, diagnostic.lastIndexOf('.') + 1);
    const results = new Set(this.survey.map(([name]) => /Result\.(\d+)\./.exec(name)?.[1]));
    tree.set(`${base}ResultNumberOfEntries`, String(results.size), 'xsd:unsignedInt');
    for (const [name, value, type] of this.survey) tree.set(name, value, type as 'xsd:string');
  }

  private managementServerEntries(): ConfigEntry[] {
    const server = this.model.managementServer;
    const entries: ConfigEntry[] = [
      [`${server}URL`, this.options.acsUrl, 'xsd:string', true],
      [`${server}Username`, '', 'xsd:string', true],
      [`${server}Password`, '', 'xsd:string', true],
      [`${server}PeriodicInformEnable`, 'true', 'xsd:boolean', true],
      [
        `${server}PeriodicInformInterval`,
        String(this.options.periodicInformIntervalSeconds ?? 300),
        'xsd:unsignedInt',
        true,
      ],
      [`${server}PeriodicInformTime`, '0001-01-01T00:00:00Z', 'xsd:dateTime', true],
      [`${server}ParameterKey`, '', 'xsd:string', false],
      [`${server}ConnectionRequestURL`, '', 'xsd:string', false],
      [`${server}ConnectionRequestUsername`, '', 'xsd:string', true],
      [`${server}ConnectionRequestPassword`, '', 'xsd:string', true],
      [`${server}UpgradesManaged`, 'false', 'xsd:boolean', true],
    ];
    if (this.options.dataModel === 'tr181') {
      entries.push(
        [`${server}CWMPRetryMinimumWaitInterval`, '5', 'xsd:unsignedInt', true],
        [`${server}CWMPRetryIntervalMultiplier`, '2000', 'xsd:unsignedInt', true],
      );
    }
    return entries;
  }

  private configure([name, value, type, writable]: ConfigEntry): void {
    this.config.set(name, { value, type, writable } satisfies Parameter);
  }

  private configValue(leaf: string): string {
    return this.config.get(`${this.model.managementServer}${leaf}`)?.value ?? '';
  }

  /** The retry wait of TR-069 3.2.1.1, from the agent's own settings. */
  get retryPolicy(): { minimumWaitSeconds: number; multiplier: number } {
    const minimum = Number(this.configValue('CWMPRetryMinimumWaitInterval') || 5);
    const multiplier = Number(this.configValue('CWMPRetryIntervalMultiplier') || 2000) / 1000;
    return { minimumWaitSeconds: minimum, multiplier };
  }
}

interface RadioChange {
  channel?: number;
  auto?: boolean;
  bandwidth?: number;
  names?: string[];
}

function cpeFault(faultCode: number, faultString?: string): CpeResponse {
  const { fault: body }: { fault: CwmpFault } = fault(
    faultCode,
    faultString ?? faultStrings[faultCode] ?? 'Fault',
  );
  return { method: 'Fault', ...body };
}
