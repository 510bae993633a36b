/**
 * Each command of the portal as a script of RPCs, for either data model (decision 023,
 * "Commands"). A script asks what it needs to know first (GetParameterValues), then changes the
 * gateway; a fault or an answer of the wrong kind at any step ends it with a NAK saying so.
 */
import type { DeviceCommand, ParameterValue } from '@linesight/contract';
import { normaliseMac } from '../ingest/device-identity';
import { booleanOf, tableRows, textOf } from '../ingest/normalise';
import { channelList } from '../ingest/snapshots';
import {
  type AcsRequest,
  type CommandOutcome,
  type CpeResponse,
  type CwmpValue,
  type DataModel,
  faultText,
  responseTo,
  type Script,
} from './rpc';
import { bandOfWlan } from './tr098';

type Nak = Extract<CommandOutcome, { result: 'NAK' }>;
type Row = Map<string, ParameterValue>;
type FreqBand = '2.4GHz' | '5GHz';
/** A parameter to set: its name, its value as text, its XML Schema type. */
type Setting = [name: string, value: string, type: string];

const ack: CommandOutcome = { result: 'ACK' };
const nak = (value: string): Nak => ({ result: 'NAK', value });

/** The answer a request expects: `GetParameterValuesResponse` for `GetParameterValues`, … */
type Answer<R extends AcsRequest> = Extract<
  CpeResponse,
  { method: (typeof responseTo)[R['method']] }
>;

function isNak<T>(answer: T | Nak): answer is Nak {
  return typeof answer === 'object' && answer !== null && 'result' in answer;
}

/** Sends one request: its expected answer, or the NAK a fault or another answer makes. */
function* ask<R extends AcsRequest>(
  request: R,
): Generator<AcsRequest, Answer<R> | Nak, CpeResponse> {
  const response = yield request;
  if (response.method === 'Fault') return nak(faultText(response));
  if (response.method !== responseTo[request.method]) {
    return nak(`The device answered ${request.method} with ${response.method}`);
  }
  return response as Answer<R>;
}

/** Reads `names`: the values as a report's parameters, or the NAK. */
function* read(
  names: string[],
): Generator<AcsRequest, Map<string, ParameterValue> | Nak, CpeResponse> {
  const answer = yield* ask({ method: 'GetParameterValues', parameterNames: names });
  return isNak(answer) ? answer : parametersOf(answer.parameters);
}

/** Sets `parameters` (`[name, value, xsd type]`): nothing, or the NAK. */
function* set(
  parameters: Setting[],
  parameterKey: string,
): Generator<AcsRequest, Nak | null, CpeResponse> {
  const answer = yield* ask({
    method: 'SetParameterValues',
    parameterList: parameters.map(([name, value, type]) => ({ name, value, type })),
    parameterKey,
  });
  if (isNak(answer)) return answer;
  // Status 1: applied, and committed when the session ends, which is the gateway's business.
  if (answer.status !== 0 && answer.status !== 1) {
    return nak(`The device answered SetParameterValues with status ${answer.status}`);
  }
  return null;
}

/** Adds an instance of the table `objectName` (ending in `.`): its path, or the NAK. */
function* add(
  objectName: string,
  parameterKey: string,
): Generator<AcsRequest, string | Nak, CpeResponse> {
  const answer = yield* ask({ method: 'AddObject', objectName, parameterKey });
  return isNak(answer) ? answer : `${objectName}${answer.instanceNumber}.`;
}

function* remove(
  objectName: string,
  parameterKey: string,
): Generator<AcsRequest, Nak | null, CpeResponse> {
  const answer = yield* ask({ method: 'DeleteObject', objectName, parameterKey });
  return isNak(answer) ? answer : null;
}

/**
 * Adds an instance and sets it up; when the gateway refuses the settings, the instance added is
 * deleted again (best effort), so that a NAK leaves no half-made rule behind.
 */
function* addWith(
  table: string,
  settings: (instance: string) => Setting[],
  parameterKey: string,
): Generator<AcsRequest, string | Nak, CpeResponse> {
  const instance = yield* add(table, parameterKey);
  if (typeof instance !== 'string') return instance;
  const refused = yield* set(settings(instance), parameterKey);
  if (!refused) return instance;
  yield* remove(instance, parameterKey);
  return refused;
}

function parametersOf(values: readonly CwmpValue[]): Map<string, ParameterValue> {
  return new Map(values.map(({ name, value }) => [name, value]));
}

/** `A.B.7.` → 7 */
const instanceOf = (path: string) => Number(/(\d+)\.$/.exec(path)?.[1]);

const sameMac = (a: ParameterValue | undefined, mac: string) => normaliseMac(textOf(a)) === mac;

/** Rows of a table in instance order, with their object paths (`Device.X.3.`). */
function rowsIn(parameters: Map<string, ParameterValue>, table: string): [string, Row][] {
  return [...tableRows(parameters, table)]
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([instance, row]) => [`${table}${instance}.`, row]);
}

// WiFi radios -------------------------------------------------------------------------------

type RadioChange = { freqBand: FreqBand; channel?: number; channelBandwidth?: number };

const noRadio = (band: FreqBand) => nak(`This device has no ${band} radio`);

/** A channel the radio lists as impossible: refused before anything is set. */
function refuseChannel(radio: Row, band: FreqBand, channel: number | undefined): Nak | null {
  if (channel === undefined || channel === 0) return null;
  const possible = channelList(radio.get('PossibleChannels'));
  if (possible.length === 0 || possible.includes(channel)) return null;
  return nak(
    `Channel ${channel} is not available on the ${band} radio (possible: ${textOf(radio.get('PossibleChannels'))})`,
  );
}

/**
 * The settings for a channel: channel 0 is "Auto", the radio picking its channel itself.
 * `AutoChannelEnable` is set only where the gateway has it (TR-098 before 1.4 has not; a
 * channel set by hand turns it off anyway, as both standards say).
 */
function channelSettings(path: string, radio: Row, channel: number | undefined): Setting[] | Nak {
  if (channel === undefined) return [];
  const automatic = radio.has('AutoChannelEnable');
  if (channel === 0) {
    return automatic
      ? [[`${path}AutoChannelEnable`, 'true', 'xsd:boolean']]
      : nak('This device cannot choose its channel itself');
  }
  const settings: Setting[] = [[`${path}Channel`, String(channel), 'xsd:unsignedInt']];
  if (automatic) settings.push([`${path}AutoChannelEnable`, 'false', 'xsd:boolean']);
  return settings;
}

function* changeTr181Radio(change: RadioChange, parameterKey: string): Script<CommandOutcome> {
  const parameters = yield* read(['Device.WiFi.Radio.']);
  if (isNak(parameters)) return parameters;
  const found = rowsIn(parameters, 'Device.WiFi.Radio.').find(
    ([, row]) => textOf(row.get('OperatingFrequencyBand')) === change.freqBand,
  );
  if (!found) return noRadio(change.freqBand);
  const [path, radio] = found;
  const refused = refuseChannel(radio, change.freqBand, change.channel);
  if (refused) return refused;
  const bandwidth = change.channelBandwidth === undefined ? null : `${change.channelBandwidth}MHz`;
  const supported = textOf(radio.get('SupportedOperatingChannelBandwidths'))
    ?.split(',')
    .map((width) => width.trim());
  if (bandwidth && supported && !supported.includes(bandwidth)) {
    return nak(
      `${bandwidth} is not supported by the ${change.freqBand} radio; it allows ${supported.join(', ')}`,
    );
  }
  const settings = channelSettings(path, radio, change.channel);
  if (isNak(settings)) return settings;
  if (bandwidth) settings.push([`${path}OperatingChannelBandwidth`, bandwidth, 'xsd:string']);
  return (yield* set(settings, parameterKey)) ?? ack;
}

/** The WLANs of LANDevice 1, where every TR-098 gateway seen keeps its WiFi. */
const tr098Wlans = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.';

/**
 * TR-098 has no radio object: each WLANConfiguration (SSID) carries its radio's channel, and
 * the lowest instance on the band stands for the radio, as in the mapping (tr098.ts).
 */
function* changeTr098Radio(change: RadioChange, parameterKey: string): Script<CommandOutcome> {
  if (change.channelBandwidth !== undefined) {
    return nak(
      'TR-098 has no channel bandwidth parameter: this device cannot change its channel bandwidth',
    );
  }
  const parameters = yield* read([tr098Wlans]);
  if (isNak(parameters)) return parameters;
  const found = rowsIn(parameters, tr098Wlans).find(([, row]) => {
    const fields = new Map([...row].map(([field, value]) => [field, String(value)]));
    return bandOfWlan(fields) === change.freqBand;
  });
  if (!found) return noRadio(change.freqBand);
  const [path, wlan] = found;
  const refused = refuseChannel(wlan, change.freqBand, change.channel);
  if (refused) return refused;
  const settings = channelSettings(path, wlan, change.channel);
  if (isNak(settings)) return settings;
  return (yield* set(settings, parameterKey)) ?? ack;
}

// Blocking ----------------------------------------------------------------------------------

const firewall = 'Device.Firewall.';
const queueManagement = 'InternetGatewayDevice.QueueManagement.';
const policers = `${queueManagement}Policer.`;
const classifications = `${queueManagement}Classification.`;

/** `Device.X.2` or `Device.X.2.` → `Device.X.2.` */
const asObject = (reference: string | null) => (reference ? reference.replace(/\.?$/, '.') : null);

/**
 * The chain the firewall applies: the chain of the level `AdvancedLevel` names, else chain 1;
 * null when the gateway has neither.
 */
function chainInUse(parameters: Map<string, ParameterValue>): string | null {
  const level = asObject(textOf(parameters.get(`${firewall}AdvancedLevel`)));
  const chain = level && asObject(textOf(parameters.get(`${level}Chain`)));
  if (chain?.startsWith(`${firewall}Chain.`)) return chain;
  const first = `${firewall}Chain.1.`;
  return [...parameters.keys()].some((name) => name.startsWith(first)) ? first : null;
}

const enabled = (row: Row, field: string) => booleanOf(row.get(field)) === true;

/** Rules of the chain in use that drop a source MAC: `[path, rule]`. */
function dropRules(parameters: Map<string, ParameterValue>): [string, Row][] {
  const chain = chainInUse(parameters);
  if (!chain) return [];
  return rowsIn(parameters, `${chain}Rule.`).filter(
    ([, rule]) =>
      textOf(rule.get('Target')) === 'Drop' &&
      normaliseMac(textOf(rule.get('SourceMAC'))) !== null &&
      !enabled(rule, 'SourceMACExclude'),
  );
}

/** Enabled policers dropping all traffic, conforming or not: `[instance number, path]`. */
function droppingPolicers(parameters: Map<string, ParameterValue>): [number, string][] {
  return rowsIn(parameters, policers)
    .filter(
      ([, policer]) =>
        enabled(policer, 'PolicerEnable') &&
        textOf(policer.get('ConformingAction')) === 'Drop' &&
        textOf(policer.get('NonConformingAction')) === 'Drop',
    )
    .map(([path]) => [instanceOf(path), path]);
}

/** Classifications sending a source MAC to a dropping policer: `[path, classification]`. */
function droppingClassifications(parameters: Map<string, ParameterValue>): [string, Row][] {
  const dropping = new Set(droppingPolicers(parameters).map(([instance]) => instance));
  return rowsIn(parameters, classifications).filter(
    ([, classification]) =>
      dropping.has(Number(textOf(classification.get('ClassPolicer')))) &&
      normaliseMac(textOf(classification.get('SourceMACAddress'))) !== null &&
      !enabled(classification, 'SourceMACExclude'),
  );
}

/** The GetParameterValues names (the gateway's own model) whose values `blockedMacs` reads. */
export function blockReadPaths(model: DataModel): string[] {
  return model === 'tr181' ? [firewall] : [queueManagement];
}

/** Where each data model's block mechanism lives, and how its blocking rows read. */
const mechanisms = {
  tr181: { root: firewall, rows: dropRules, macField: 'SourceMAC', enableField: 'Enable' },
  tr098: {
    root: queueManagement,
    rows: droppingClassifications,
    macField: 'SourceMACAddress',
    enableField: 'ClassificationEnable',
  },
} as const;

/**
 * The MACs the gateway keeps off the internet by the block mechanism (decision 023), lower-case
 * colon form: TR-181, enabled Drop rules on a source MAC in the chain in use of an enabled
 * firewall; TR-098, enabled classifications on a source MAC whose policer drops everything.
 */
export function blockedMacs(model: DataModel, values: readonly CwmpValue[]): Set<string> {
  const { root, rows, macField, enableField } = mechanisms[model];
  const parameters = parametersOf(values);
  if (booleanOf(parameters.get(`${root}Enable`)) === false) return new Set();
  return new Set(
    rows(parameters)
      .filter(([, row]) => enabled(row, enableField))
      .map(([, row]) => normaliseMac(textOf(row.get(macField))))
      .filter((mac): mac is string => mac !== null),
  );
}

/** Deletes every blocking row on the MAC, enabled or not: TR-181 rules, TR-098 classifications. */
function* unblock(model: DataModel, mac: string, parameterKey: string): Script<CommandOutcome> {
  const { root, rows, macField } = mechanisms[model];
  const parameters = yield* read([root]);
  if (isNak(parameters)) return parameters;
  for (const [path, row] of rows(parameters)) {
    if (!sameMac(row.get(macField), mac)) continue;
    const refused = yield* remove(path, parameterKey);
    if (refused) return refused;
  }
  return ack;
}

function* blockTr181(mac: string, parameterKey: string): Script<CommandOutcome> {
  const answer = yield* ask({ method: 'GetParameterValues', parameterNames: [firewall] });
  if (isNak(answer)) return answer;
  if (blockedMacs('tr181', answer.parameters).has(mac)) return ack;
  const chain = chainInUse(parametersOf(answer.parameters));
  if (!chain) return nak('This device has no firewall chain to hold a block rule');
  // Order 1 puts the rule first in its chain, before any rule accepting the host's traffic.
  const rule = yield* addWith(
    `${chain}Rule.`,
    (path) => [
      [`${path}SourceMAC`, mac, 'xsd:string'],
      [`${path}Target`, 'Drop', 'xsd:string'],
      [`${path}Order`, '1', 'xsd:unsignedInt'],
      [`${path}Description`, 'LineSight block', 'xsd:string'],
      [`${path}Enable`, 'true', 'xsd:boolean'],
    ],
    parameterKey,
  );
  return isNak(rule) ? rule : ack;
}

function* blockTr098(mac: string, parameterKey: string): Script<CommandOutcome> {
  const answer = yield* ask({ method: 'GetParameterValues', parameterNames: [queueManagement] });
  if (isNak(answer)) return answer;
  if (blockedMacs('tr098', answer.parameters).has(mac)) return ack;
  const parameters = parametersOf(answer.parameters);
  const reused = droppingPolicers(parameters)[0];
  // TR-098 wants a classification to name a queue (or an app); its traffic never gets there.
  const [queue] = rowsIn(parameters, `${queueManagement}Queue.`);
  const queueSetting = (path: string): Setting[] =>
    queue ? [[`${path}ClassQueue`, String(instanceOf(queue[0])), 'xsd:int']] : [];
  const policer =
    reused?.[1] ??
    (yield* addWith(
      policers,
      (path) => [
        [`${path}PolicerEnable`, 'true', 'xsd:boolean'],
        [`${path}MeterType`, 'SimpleTokenBucket', 'xsd:string'],
        [`${path}CommittedRate`, '0', 'xsd:unsignedInt'],
        [`${path}ConformingAction`, 'Drop', 'xsd:string'],
        [`${path}NonConformingAction`, 'Drop', 'xsd:string'],
      ],
      parameterKey,
    ));
  if (isNak(policer)) return policer;
  const classification = yield* addWith(
    classifications,
    (path) => [
      [`${path}ClassificationEnable`, 'true', 'xsd:boolean'],
      [`${path}SourceMACAddress`, mac, 'xsd:string'],
      [`${path}ClassPolicer`, String(instanceOf(policer)), 'xsd:int'],
      [`${path}ClassificationOrder`, '1', 'xsd:unsignedInt'],
      ...queueSetting(path),
    ],
    parameterKey,
  );
  if (!isNak(classification)) return ack;
  // The policer made for this block is of no use without its classification.
  if (!reused) yield* remove(policer, parameterKey);
  return classification;
}

/**
 * The script that carries out `command` on a gateway of `model`. Its SetParameterValues,
 * AddObject and DeleteObject carry `parameterKey`, so the gateway's `ParameterKey` names the
 * last command that changed it.
 */
export function* commandScript(
  model: DataModel,
  command: DeviceCommand,
  parameterKey: string,
): Script<CommandOutcome> {
  const changeRadio = model === 'tr181' ? changeTr181Radio : changeTr098Radio;
  switch (command.action) {
    case 'changeChannel':
    case 'changeBandwidth':
    case 'changeBandwidthAndChannel':
      return yield* changeRadio(command.parameters, parameterKey);
    case 'block':
    case 'unblock': {
      const mac = normaliseMac(command.parameters.macAddress);
      if (!mac) return nak(`${command.parameters.macAddress} is not a MAC address`);
      if (command.action === 'unblock') return yield* unblock(model, mac, parameterKey);
      const block = model === 'tr181' ? blockTr181 : blockTr098;
      return yield* block(mac, parameterKey);
    }
  }
}
