import { describe, expect, it } from 'vitest';
import type { DeviceCommand } from '@linesight/contract';
import { blockedMacs, blockReadPaths, commandScript } from './commands';
import type {
  AcsRequest,
  CommandOutcome,
  CpeResponse,
  CwmpFault,
  CwmpValue,
  DataModel,
  Script,
} from './rpc';

/**
 * A gateway's data model that answers the ACS's requests as an agent does: reads by partial
 * path, sets existing parameters, adds and deletes instances. `refuse` makes it answer a
 * request with a fault instead.
 */
class FakeGateway {
  readonly parameters: Map<string, string>;
  readonly requests: AcsRequest[] = [];
  refuse: (request: AcsRequest) => CwmpFault | undefined = () => undefined;
  answerWith: ((request: AcsRequest) => CpeResponse | undefined) | undefined;

  constructor(parameters: Record<string, string>) {
    this.parameters = new Map(Object.entries(parameters));
  }

  values(): CwmpValue[] {
    return [...this.parameters].map(([name, value]) => ({ name, value, type: 'xsd:string' }));
  }

  answer(request: AcsRequest): CpeResponse {
    this.requests.push(request);
    const fault = this.refuse(request);
    if (fault) return { method: 'Fault', ...fault };
    const answer = this.answerWith?.(request);
    if (answer) return answer;
    switch (request.method) {
      case 'GetParameterValues': {
        const found = this.values().filter(({ name }) =>
          request.parameterNames.some((path) =>
            path.endsWith('.') ? name.startsWith(path) : name === path,
          ),
        );
        return found.length > 0
          ? { method: 'GetParameterValuesResponse', parameters: found }
          : { method: 'Fault', faultCode: 9005, faultString: 'Invalid parameter name' };
      }
      case 'SetParameterValues':
        for (const { name, value } of request.parameterList) this.parameters.set(name, value);
        return { method: 'SetParameterValuesResponse', status: 0 };
      case 'AddObject': {
        const taken = [...this.parameters.keys()]
          .filter((name) => name.startsWith(request.objectName))
          .map((name) => Number(name.slice(request.objectName.length).split('.')[0]));
        const instanceNumber = Math.max(0, ...taken) + 1;
        this.parameters.set(
          `${request.objectName}${instanceNumber}.Alias`,
          `cpe-${instanceNumber}`,
        );
        return { method: 'AddObjectResponse', instanceNumber, status: 0 };
      }
      case 'DeleteObject':
        for (const name of [...this.parameters.keys()]) {
          if (name.startsWith(request.objectName)) this.parameters.delete(name);
        }
        return { method: 'DeleteObjectResponse', status: 0 };
      case 'GetParameterNames':
      case 'Reboot':
      case 'GetRPCMethods':
        return { method: 'Fault', faultCode: 9000, faultString: 'Method not supported' };
    }
  }

  /** Runs a script to its end against this gateway. */
  run(script: Script<CommandOutcome>): CommandOutcome {
    let step = script.next();
    while (!step.done) step = script.next(this.answer(step.value));
    return step.value;
  }
}

const key = 'cmd-42';

function run(model: DataModel, gateway: FakeGateway, command: DeviceCommand): CommandOutcome {
  return gateway.run(commandScript(model, command, key));
}

const nak = (value: string): CommandOutcome => ({ result: 'NAK', value });
const ack: CommandOutcome = { result: 'ACK' };
const faultOn =
  (method: AcsRequest['method'], fault: CwmpFault) =>
  (request: AcsRequest): CwmpFault | undefined =>
    request.method === method ? fault : undefined;

const mac = 'aa:bb:cc:00:00:01';

describe('commandScript on a TR-181 radio', () => {
  const radios = () =>
    new FakeGateway({
      'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz',
      'Device.WiFi.Radio.1.Channel': '6',
      'Device.WiFi.Radio.1.AutoChannelEnable': 'false',
      'Device.WiFi.Radio.1.PossibleChannels': '1-13',
      'Device.WiFi.Radio.2.OperatingFrequencyBand': '5GHz',
      'Device.WiFi.Radio.2.Channel': '36',
      'Device.WiFi.Radio.2.AutoChannelEnable': 'true',
      'Device.WiFi.Radio.2.PossibleChannels': '36,40,44,48',
      'Device.WiFi.Radio.2.SupportedOperatingChannelBandwidths': '20MHz,40MHz,80MHz',
    });

  it('should read the radios, then set the channel and turn automatic selection off', () => {
    const gateway = radios();
    const outcome = run('tr181', gateway, {
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 44 },
    });
    expect(outcome).toEqual(ack);
    expect(gateway.requests).toEqual([
      { method: 'GetParameterValues', parameterNames: ['Device.WiFi.Radio.'] },
      {
        method: 'SetParameterValues',
        parameterList: [
          { name: 'Device.WiFi.Radio.2.Channel', value: '44', type: 'xsd:unsignedInt' },
          { name: 'Device.WiFi.Radio.2.AutoChannelEnable', value: 'false', type: 'xsd:boolean' },
        ],
        parameterKey: key,
      },
    ]);
  });

  it('should turn automatic selection on for channel 0 and leave the channel alone', () => {
    const gateway = radios();
    run('tr181', gateway, {
      action: 'changeChannel',
      parameters: { freqBand: '2.4GHz', channel: 0 },
    });
    expect(gateway.parameters.get('Device.WiFi.Radio.1.AutoChannelEnable')).toBe('true');
    expect(gateway.parameters.get('Device.WiFi.Radio.1.Channel')).toBe('6');
  });

  it('should set the bandwidth, alone or with the channel', () => {
    const gateway = radios();
    expect(
      run('tr181', gateway, {
        action: 'changeBandwidth',
        parameters: { freqBand: '5GHz', channelBandwidth: 80 },
      }),
    ).toEqual(ack);
    expect(gateway.requests[1]).toMatchObject({
      parameterList: [
        {
          name: 'Device.WiFi.Radio.2.OperatingChannelBandwidth',
          value: '80MHz',
          type: 'xsd:string',
        },
      ],
    });
    expect(
      run('tr181', gateway, {
        action: 'changeBandwidthAndChannel',
        parameters: { freqBand: '5GHz', channel: 40, channelBandwidth: 40 },
      }),
    ).toEqual(ack);
    expect(gateway.parameters.get('Device.WiFi.Radio.2.Channel')).toBe('40');
    expect(gateway.parameters.get('Device.WiFi.Radio.2.OperatingChannelBandwidth')).toBe('40MHz');
  });

  it('should refuse a band the gateway has no radio for, setting nothing', () => {
    const gateway = new FakeGateway({ 'Device.WiFi.Radio.1.OperatingFrequencyBand': '2.4GHz' });
    expect(
      run('tr181', gateway, {
        action: 'changeChannel',
        parameters: { freqBand: '5GHz', channel: 36 },
      }),
    ).toEqual(nak('This device has no 5GHz radio'));
    expect(gateway.requests.map(({ method }) => method)).toEqual(['GetParameterValues']);
  });

  it('should refuse a channel or a bandwidth the radio says it cannot use', () => {
    const gateway = radios();
    expect(
      run('tr181', gateway, {
        action: 'changeChannel',
        parameters: { freqBand: '2.4GHz', channel: 14 },
      }),
    ).toEqual(nak('Channel 14 is not available on the 2.4GHz radio (possible: 1-13)'));
    expect(
      run('tr181', gateway, {
        action: 'changeBandwidth',
        parameters: { freqBand: '5GHz', channelBandwidth: 160 },
      }),
    ).toEqual(nak('160MHz is not supported by the 5GHz radio; it allows 20MHz, 40MHz, 80MHz'));
    expect(gateway.requests.map(({ method }) => method)).toEqual([
      'GetParameterValues',
      'GetParameterValues',
    ]);
  });

  it('should end with the fault of the read or of the set, and its refused parameters', () => {
    const reading = radios();
    reading.refuse = faultOn('GetParameterValues', {
      faultCode: 9002,
      faultString: 'Internal error',
    });
    const command: DeviceCommand = {
      action: 'changeChannel',
      parameters: { freqBand: '5GHz', channel: 44 },
    };
    expect(run('tr181', reading, command)).toEqual(nak('CWMP fault 9002: Internal error'));
    expect(reading.requests).toHaveLength(1);

    const setting = radios();
    setting.refuse = faultOn('SetParameterValues', {
      faultCode: 9003,
      faultString: 'Invalid arguments',
      setParameterValuesFaults: [
        {
          parameterName: 'Device.WiFi.Radio.2.Channel',
          faultCode: 9007,
          faultString: 'Invalid value',
        },
      ],
    });
    expect(run('tr181', setting, command)).toEqual(
      nak('CWMP fault 9003: Invalid arguments (Device.WiFi.Radio.2.Channel: 9007 Invalid value)'),
    );
  });

  it('should take an answer of the wrong kind, or an unknown status, as a NAK', () => {
    const confused = radios();
    confused.answerWith = () => ({ method: 'SetParameterValuesResponse', status: 0 });
    expect(
      run('tr181', confused, {
        action: 'changeChannel',
        parameters: { freqBand: '5GHz', channel: 44 },
      }),
    ).toEqual(nak('The device answered GetParameterValues with SetParameterValuesResponse'));

    const odd = radios();
    odd.answerWith = (request) =>
      request.method === 'SetParameterValues'
        ? { method: 'SetParameterValuesResponse', status: 7 }
        : undefined;
    expect(
      run('tr181', odd, {
        action: 'changeChannel',
        parameters: { freqBand: '5GHz', channel: 44 },
      }),
    ).toEqual(nak('The device answered SetParameterValues with status 7'));
  });

  it('should take status 1 (applied when the session ends) as done', () => {
    const gateway = radios();
    gateway.answerWith = (request) =>
      request.method === 'SetParameterValues'
        ? { method: 'SetParameterValuesResponse', status: 1 }
        : undefined;
    expect(
      run('tr181', gateway, {
        action: 'changeChannel',
        parameters: { freqBand: '5GHz', channel: 44 },
      }),
    ).toEqual(ack);
  });
});

describe('commandScript on a TR-098 WLAN', () => {
  const wlans = 'InternetGatewayDevice.LANDevice.1.WLANConfiguration.';
  const gateway = () =>
    new FakeGateway({
      [`${wlans}2.Standard`]: 'n',
      [`${wlans}2.Channel`]: '1',
      [`${wlans}2.AutoChannelEnable`]: 'true',
      [`${wlans}3.Standard`]: 'g',
      [`${wlans}3.Channel`]: '1',
      [`${wlans}5.Standard`]: 'a',
      [`${wlans}5.Channel`]: '36',
      [`${wlans}5.PossibleChannels`]: '36-48',
    });

  it('should set the channel on the lowest WLAN of the band', () => {
    const wlan = gateway();
    expect(
      run('tr098', wlan, {
        action: 'changeChannel',
        parameters: { freqBand: '2.4GHz', channel: 11 },
      }),
    ).toEqual(ack);
    expect(wlan.requests).toEqual([
      { method: 'GetParameterValues', parameterNames: [wlans] },
      {
        method: 'SetParameterValues',
        parameterList: [
          { name: `${wlans}2.Channel`, value: '11', type: 'xsd:unsignedInt' },
          { name: `${wlans}2.AutoChannelEnable`, value: 'false', type: 'xsd:boolean' },
        ],
        parameterKey: key,
      },
    ]);
  });

  it('should set only the channel on a gateway without AutoChannelEnable (before TR-098 1.4)', () => {
    const old = gateway();
    expect(
      run('tr098', old, { action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 40 } }),
    ).toEqual(ack);
    expect(old.requests[1]).toMatchObject({
      parameterList: [{ name: `${wlans}5.Channel`, value: '40', type: 'xsd:unsignedInt' }],
    });
    expect(
      run('tr098', old, { action: 'changeChannel', parameters: { freqBand: '5GHz', channel: 0 } }),
    ).toEqual(nak('This device cannot choose its channel itself'));
    expect(old.requests).toHaveLength(3);
  });

  it('should refuse a channel outside the possible ones, and a band without a WLAN', () => {
    expect(
      run('tr098', gateway(), {
        action: 'changeChannel',
        parameters: { freqBand: '5GHz', channel: 149 },
      }),
    ).toEqual(nak('Channel 149 is not available on the 5GHz radio (possible: 36-48)'));
    const only24 = new FakeGateway({ [`${wlans}1.Standard`]: 'g' });
    expect(
      run('tr098', only24, {
        action: 'changeChannel',
        parameters: { freqBand: '5GHz', channel: 36 },
      }),
    ).toEqual(nak('This device has no 5GHz radio'));
  });

  it.each<DeviceCommand>([
    { action: 'changeBandwidth', parameters: { freqBand: '5GHz', channelBandwidth: 40 } },
    {
      action: 'changeBandwidthAndChannel',
      parameters: { freqBand: '5GHz', channel: 40, channelBandwidth: 40 },
    },
  ])('should refuse $action without asking the gateway anything', (command) => {
    const wlan = gateway();
    expect(run('tr098', wlan, command)).toEqual(
      nak(
        'TR-098 has no channel bandwidth parameter: this device cannot change its channel bandwidth',
      ),
    );
    expect(wlan.requests).toEqual([]);
  });
});

describe('commandScript blocking on TR-181', () => {
  const firewall = (extra: Record<string, string> = {}) =>
    new FakeGateway({
      'Device.Firewall.Enable': 'true',
      'Device.Firewall.Config': 'Advanced',
      'Device.Firewall.AdvancedLevel': 'Device.Firewall.Level.2',
      'Device.Firewall.Level.1.Chain': 'Device.Firewall.Chain.1',
      'Device.Firewall.Level.2.Chain': 'Device.Firewall.Chain.3.',
      'Device.Firewall.Chain.1.Name': 'Low',
      'Device.Firewall.Chain.3.Name': 'High',
      'Device.Firewall.Chain.3.Rule.1.Enable': 'true',
      'Device.Firewall.Chain.3.Rule.1.Target': 'Accept',
      'Device.Firewall.Chain.3.Rule.1.SourceMAC': '',
      ...extra,
    });
  const block: DeviceCommand = { action: 'block', parameters: { macAddress: mac } };
  const unblock: DeviceCommand = { action: 'unblock', parameters: { macAddress: mac } };

  it('should add a Drop rule first in the chain of the level in use', () => {
    const gateway = firewall();
    expect(run('tr181', gateway, block)).toEqual(ack);
    expect(gateway.requests).toEqual([
      { method: 'GetParameterValues', parameterNames: ['Device.Firewall.'] },
      { method: 'AddObject', objectName: 'Device.Firewall.Chain.3.Rule.', parameterKey: key },
      {
        method: 'SetParameterValues',
        parameterList: [
          { name: 'Device.Firewall.Chain.3.Rule.2.SourceMAC', value: mac, type: 'xsd:string' },
          { name: 'Device.Firewall.Chain.3.Rule.2.Target', value: 'Drop', type: 'xsd:string' },
          { name: 'Device.Firewall.Chain.3.Rule.2.Order', value: '1', type: 'xsd:unsignedInt' },
          {
            name: 'Device.Firewall.Chain.3.Rule.2.Description',
            value: 'LineSight block',
            type: 'xsd:string',
          },
          { name: 'Device.Firewall.Chain.3.Rule.2.Enable', value: 'true', type: 'xsd:boolean' },
        ],
        parameterKey: key,
      },
    ]);
    expect(blockedMacs('tr181', gateway.values())).toEqual(new Set([mac]));
  });

  it('should use chain 1 when no level names a chain, and refuse when there is no chain', () => {
    const plain = new FakeGateway({
      'Device.Firewall.Enable': 'true',
      'Device.Firewall.Chain.1.Name': 'Default',
    });
    expect(run('tr181', plain, block)).toEqual(ack);
    expect(plain.parameters.get('Device.Firewall.Chain.1.Rule.1.SourceMAC')).toBe(mac);

    const none = new FakeGateway({ 'Device.Firewall.Enable': 'true' });
    expect(run('tr181', none, block)).toEqual(
      nak('This device has no firewall chain to hold a block rule'),
    );
    expect(none.requests).toHaveLength(1);
  });

  it('should change nothing when an enabled Drop rule already holds the MAC in any notation', () => {
    const gateway = firewall({
      'Device.Firewall.Chain.3.Rule.4.Enable': '1',
      'Device.Firewall.Chain.3.Rule.4.Target': 'Drop',
      'Device.Firewall.Chain.3.Rule.4.SourceMAC': 'AA-BB-CC-00-00-01',
    });
    expect(run('tr181', gateway, block)).toEqual(ack);
    expect(gateway.requests.map(({ method }) => method)).toEqual(['GetParameterValues']);
  });

  it('should end with the fault of AddObject, and delete the rule whose settings were refused', () => {
    const adding = firewall();
    adding.refuse = faultOn('AddObject', { faultCode: 9004, faultString: 'Resources exceeded' });
    expect(run('tr181', adding, block)).toEqual(nak('CWMP fault 9004: Resources exceeded'));

    const setting = firewall();
    setting.refuse = faultOn('SetParameterValues', {
      faultCode: 9001,
      faultString: 'Request denied',
    });
    expect(run('tr181', setting, block)).toEqual(nak('CWMP fault 9001: Request denied'));
    expect(setting.requests.at(-1)).toEqual({
      method: 'DeleteObject',
      objectName: 'Device.Firewall.Chain.3.Rule.2.',
      parameterKey: key,
    });
    expect([...setting.parameters.keys()].some((name) => name.includes('Rule.2.'))).toBe(false);
  });

  it('should delete every Drop rule on the MAC, enabled or not, and nothing else', () => {
    const gateway = firewall({
      'Device.Firewall.Chain.3.Rule.2.Enable': 'true',
      'Device.Firewall.Chain.3.Rule.2.Target': 'Drop',
      'Device.Firewall.Chain.3.Rule.2.SourceMAC': 'AA:BB:CC:00:00:01',
      'Device.Firewall.Chain.3.Rule.3.Enable': 'false',
      'Device.Firewall.Chain.3.Rule.3.Target': 'Drop',
      'Device.Firewall.Chain.3.Rule.3.SourceMAC': mac,
      'Device.Firewall.Chain.3.Rule.5.Enable': 'true',
      'Device.Firewall.Chain.3.Rule.5.Target': 'Accept',
      'Device.Firewall.Chain.3.Rule.5.SourceMAC': mac,
      'Device.Firewall.Chain.3.Rule.6.Enable': 'true',
      'Device.Firewall.Chain.3.Rule.6.Target': 'Drop',
      'Device.Firewall.Chain.3.Rule.6.SourceMAC': 'aa:bb:cc:00:00:02',
    });
    expect(run('tr181', gateway, unblock)).toEqual(ack);
    expect(gateway.requests.filter(({ method }) => method === 'DeleteObject')).toEqual([
      { method: 'DeleteObject', objectName: 'Device.Firewall.Chain.3.Rule.2.', parameterKey: key },
      { method: 'DeleteObject', objectName: 'Device.Firewall.Chain.3.Rule.3.', parameterKey: key },
    ]);
    expect(blockedMacs('tr181', gateway.values())).toEqual(new Set(['aa:bb:cc:00:00:02']));
  });

  it('should answer an unblock of a MAC no rule holds with ACK, and a DeleteObject fault with NAK', () => {
    const clean = firewall();
    expect(run('tr181', clean, unblock)).toEqual(ack);
    expect(clean.requests).toHaveLength(1);

    const stubborn = firewall({
      'Device.Firewall.Chain.3.Rule.2.Target': 'Drop',
      'Device.Firewall.Chain.3.Rule.2.SourceMAC': mac,
    });
    stubborn.refuse = faultOn('DeleteObject', { faultCode: 9001, faultString: 'Request denied' });
    expect(run('tr181', stubborn, unblock)).toEqual(nak('CWMP fault 9001: Request denied'));
  });

  it('should block and unblock as the gateway reads back', () => {
    const gateway = firewall();
    run('tr181', gateway, block);
    expect(blockedMacs('tr181', gateway.values()).has(mac)).toBe(true);
    run('tr181', gateway, unblock);
    expect(blockedMacs('tr181', gateway.values()).has(mac)).toBe(false);
  });
});

describe('commandScript blocking on TR-098', () => {
  const qm = 'InternetGatewayDevice.QueueManagement.';
  const queueManagement = (extra: Record<string, string> = {}) =>
    new FakeGateway({ [`${qm}Enable`]: 'true', ...extra });
  const block: DeviceCommand = { action: 'block', parameters: { macAddress: mac } };
  const unblock: DeviceCommand = { action: 'unblock', parameters: { macAddress: mac } };
  const droppingPolicer = (instance: number) => ({
    [`${qm}Policer.${instance}.PolicerEnable`]: 'true',
    [`${qm}Policer.${instance}.ConformingAction`]: 'Drop',
    [`${qm}Policer.${instance}.NonConformingAction`]: 'Drop',
  });

  it('should add a dropping policer and a classification sending the MAC to it', () => {
    const gateway = queueManagement();
    expect(run('tr098', gateway, block)).toEqual(ack);
    expect(gateway.requests).toEqual([
      { method: 'GetParameterValues', parameterNames: [qm] },
      { method: 'AddObject', objectName: `${qm}Policer.`, parameterKey: key },
      {
        method: 'SetParameterValues',
        parameterList: [
          { name: `${qm}Policer.1.PolicerEnable`, value: 'true', type: 'xsd:boolean' },
          { name: `${qm}Policer.1.MeterType`, value: 'SimpleTokenBucket', type: 'xsd:string' },
          { name: `${qm}Policer.1.CommittedRate`, value: '0', type: 'xsd:unsignedInt' },
          { name: `${qm}Policer.1.ConformingAction`, value: 'Drop', type: 'xsd:string' },
          { name: `${qm}Policer.1.NonConformingAction`, value: 'Drop', type: 'xsd:string' },
        ],
        parameterKey: key,
      },
      { method: 'AddObject', objectName: `${qm}Classification.`, parameterKey: key },
      {
        method: 'SetParameterValues',
        parameterList: [
          {
            name: `${qm}Classification.1.ClassificationEnable`,
            value: 'true',
            type: 'xsd:boolean',
          },
          { name: `${qm}Classification.1.SourceMACAddress`, value: mac, type: 'xsd:string' },
          { name: `${qm}Classification.1.ClassPolicer`, value: '1', type: 'xsd:int' },
          {
            name: `${qm}Classification.1.ClassificationOrder`,
            value: '1',
            type: 'xsd:unsignedInt',
          },
        ],
        parameterKey: key,
      },
    ]);
    expect(blockedMacs('tr098', gateway.values())).toEqual(new Set([mac]));
  });

  it('should send the classification to the first queue when the gateway has queues', () => {
    const gateway = queueManagement({
      ...droppingPolicer(1),
      [`${qm}Queue.3.QueueEnable`]: 'true',
      [`${qm}Queue.7.QueueEnable`]: 'true',
    });
    expect(run('tr098', gateway, block)).toEqual(ack);
    expect(gateway.parameters.get(`${qm}Classification.1.ClassQueue`)).toBe('3');
  });

  it('should reuse a policer that drops everything', () => {
    const gateway = queueManagement({
      ...droppingPolicer(4),
      [`${qm}Policer.2.PolicerEnable`]: 'true',
      [`${qm}Policer.2.ConformingAction`]: 'Null',
      [`${qm}Policer.2.NonConformingAction`]: 'Drop',
    });
    expect(run('tr098', gateway, block)).toEqual(ack);
    expect(gateway.requests.map(({ method }) => method)).toEqual([
      'GetParameterValues',
      'AddObject',
      'SetParameterValues',
    ]);
    expect(gateway.parameters.get(`${qm}Classification.1.ClassPolicer`)).toBe('4');
  });

  it('should change nothing when the MAC is already sent to a dropping policer', () => {
    const gateway = queueManagement({
      ...droppingPolicer(1),
      [`${qm}Classification.3.ClassificationEnable`]: 'true',
      [`${qm}Classification.3.SourceMACAddress`]: 'AABBCC000001',
      [`${qm}Classification.3.ClassPolicer`]: '1',
    });
    expect(run('tr098', gateway, block)).toEqual(ack);
    expect(gateway.requests).toHaveLength(1);
  });

  it('should delete what it added when the classification is refused', () => {
    const gateway = queueManagement();
    gateway.refuse = (request) =>
      request.method === 'SetParameterValues' &&
      request.parameterList.some(({ name }) => name.includes('Classification'))
        ? { faultCode: 9007, faultString: 'Invalid parameter value' }
        : undefined;
    expect(run('tr098', gateway, block)).toEqual(nak('CWMP fault 9007: Invalid parameter value'));
    expect(gateway.requests.slice(-2)).toEqual([
      { method: 'DeleteObject', objectName: `${qm}Classification.1.`, parameterKey: key },
      { method: 'DeleteObject', objectName: `${qm}Policer.1.`, parameterKey: key },
    ]);
    expect([...gateway.parameters.keys()]).toEqual([`${qm}Enable`]);
  });

  it('should end with the fault of reading QueueManagement', () => {
    const gateway = queueManagement();
    gateway.refuse = faultOn('GetParameterValues', {
      faultCode: 9005,
      faultString: 'Invalid parameter name',
    });
    expect(run('tr098', gateway, block)).toEqual(nak('CWMP fault 9005: Invalid parameter name'));
  });

  it("should unblock by deleting the MAC's classifications whose policer drops, only those", () => {
    const gateway = queueManagement({
      ...droppingPolicer(1),
      [`${qm}Policer.2.PolicerEnable`]: 'true',
      [`${qm}Policer.2.ConformingAction`]: '24',
      [`${qm}Policer.2.NonConformingAction`]: 'Drop',
      [`${qm}Classification.1.ClassificationEnable`]: 'true',
      [`${qm}Classification.1.SourceMACAddress`]: mac,
      [`${qm}Classification.1.ClassPolicer`]: '2',
      [`${qm}Classification.2.ClassificationEnable`]: 'true',
      [`${qm}Classification.2.SourceMACAddress`]: mac.toUpperCase(),
      [`${qm}Classification.2.ClassPolicer`]: '1',
    });
    expect(run('tr098', gateway, unblock)).toEqual(ack);
    expect(gateway.requests.slice(1)).toEqual([
      { method: 'DeleteObject', objectName: `${qm}Classification.2.`, parameterKey: key },
    ]);
    expect(gateway.parameters.has(`${qm}Classification.1.SourceMACAddress`)).toBe(true);
    expect(blockedMacs('tr098', gateway.values()).size).toBe(0);
  });
});

describe('blockedMacs', () => {
  const values = (parameters: Record<string, string>): CwmpValue[] =>
    new FakeGateway(parameters).values();
  const rule = (chain: number, instance: number, fields: Record<string, string>) =>
    Object.fromEntries(
      Object.entries(fields).map(([field, value]) => [
        `Device.Firewall.Chain.${chain}.Rule.${instance}.${field}`,
        value,
      ]),
    );

  it('should count only enabled, non-excluding Drop rules of the chain in use', () => {
    const firewall = {
      'Device.Firewall.AdvancedLevel': 'Device.Firewall.Level.1.',
      'Device.Firewall.Level.1.Chain': 'Device.Firewall.Chain.2',
      ...rule(2, 1, { Enable: 'true', Target: 'Drop', SourceMAC: '00:00:00:00:00:0A' }),
      ...rule(2, 2, { Enable: 'false', Target: 'Drop', SourceMAC: '00:00:00:00:00:0b' }),
      ...rule(2, 3, {
        Enable: 'true',
        Target: 'Drop',
        SourceMAC: '00:00:00:00:00:0c',
        SourceMACExclude: 'true',
      }),
      ...rule(2, 4, { Enable: 'true', Target: 'Reject', SourceMAC: '00:00:00:00:00:0d' }),
      ...rule(1, 1, { Enable: 'true', Target: 'Drop', SourceMAC: '00:00:00:00:00:0e' }),
    };
    expect(blockedMacs('tr181', values(firewall))).toEqual(new Set(['00:00:00:00:00:0a']));
    expect(
      blockedMacs('tr181', values({ ...firewall, 'Device.Firewall.Enable': 'false' })).size,
    ).toBe(0);
    expect(blockedMacs('tr181', []).size).toBe(0);
  });

  it('should not count a classification whose policer is disabled', () => {
    const qm = 'InternetGatewayDevice.QueueManagement.';
    expect(
      blockedMacs(
        'tr098',
        values({
          [`${qm}Policer.1.PolicerEnable`]: 'false',
          [`${qm}Policer.1.ConformingAction`]: 'Drop',
          [`${qm}Policer.1.NonConformingAction`]: 'Drop',
          [`${qm}Classification.1.ClassificationEnable`]: 'true',
          [`${qm}Classification.1.SourceMACAddress`]: mac,
          [`${qm}Classification.1.ClassPolicer`]: '1',
        }),
      ).size,
    ).toBe(0);
  });

  it('should read the objects the block mechanism lives in', () => {
    expect(blockReadPaths('tr181')).toEqual(['Device.Firewall.']);
    expect(blockReadPaths('tr098')).toEqual(['InternetGatewayDevice.QueueManagement.']);
  });
});
