import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { describeGateway } from '../fleet';
import { Gateway } from '../gateway';
import { CwmpAgent, type CwmpAgentOptions } from './agent';
import { readAcsEnvelope } from './soap';

/**
 * The agent fed the envelopes an ACS would send, written here by hand from TR-069, and read back
 * as an ACS would: element by element.
 */

const at = Date.UTC(2026, 0, 5, 20) / 1000;
const seed = 11;
const steady = { rebootsPerDay: 0, offlineSpellsPerDay: 0 };
const cwmp = 'urn:dslforum-org:cwmp-1-0';

/** An ACS request envelope. */
function acs(body: string, id = '1'): string {
  return (
    `<?xml version="1.0"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"` +
    ` xmlns:cwmp="${cwmp}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema">` +
    `<soapenv:Header><cwmp:ID soapenv:mustUnderstand="1">${id}</cwmp:ID></soapenv:Header>` +
    `<soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`
  );
}

interface Node {
  name: string;
  text: string;
  children: Node[];
}

/** The envelope the agent wrote, as a plain element tree (local names). */
function parse(xml: string): Node {
  const parser = new SaxesParser({ xmlns: true });
  const stack: Node[] = [{ name: '#', text: '', children: [] }];
  parser.on('opentag', (tag) => {
    const node = { name: tag.local, text: '', children: [] };
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  parser.on('text', (text) => {
    const node = stack.at(-1);
    if (node) node.text += text;
  });
  parser.on('closetag', () => stack.pop());
  parser.write(xml).close();
  return stack[0]!.children[0]!;
}

function find(node: Node, name: string): Node | undefined {
  if (node.name === name) return node;
  for (const child of node.children) {
    const found = find(child, name);
    if (found) return found;
  }
  return undefined;
}

function findAll(node: Node, name: string): Node[] {
  return [
    ...(node.name === name ? [node] : []),
    ...node.children.flatMap((child) => findAll(child, name)),
  ];
}

function textOf(node: Node | undefined, name: string): string | undefined {
  return node?.children.find((child) => child.name === name)?.text;
}

/** The values a GetParameterValuesResponse (or an Inform) carries, by name. */
function valuesOf(xml: string): Map<string, string> {
  return new Map(
    findAll(parse(xml), 'ParameterValueStruct').map((struct) => [
      textOf(struct, 'Name') ?? '',
      textOf(struct, 'Value') ?? '',
    ]),
  );
}

function faultOf(xml: string): { code: number; text: string; details: string[] } | null {
  const fault = find(parse(xml), 'Fault');
  const detail = fault && find(fault, 'detail');
  if (!detail) return null;
  const cwmpFault = detail.children[0];
  return {
    code: Number(textOf(cwmpFault, 'FaultCode')),
    text: textOf(cwmpFault, 'FaultString') ?? '',
    details: findAll(fault, 'SetParameterValuesFault').map(
      (entry) => `${textOf(entry, 'ParameterName')} ${textOf(entry, 'FaultCode')}`,
    ),
  };
}

function agentFor(
  index: number,
  options: Partial<CwmpAgentOptions> & { dataModel: CwmpAgentOptions['dataModel'] },
) {
  const gateway = new Gateway(describeGateway(seed, index, { behaviour: steady }));
  const agent = new CwmpAgent(gateway, { acsUrl: 'http://acs.example/cwmp/v1/abc', ...options });
  const send = (body: string): string => agent.answer(readAcsEnvelope(acs(body)));
  return { gateway, agent, send };
}

const gpv = (...names: string[]) =>
  `<cwmp:GetParameterValues><ParameterNames>${names.map((name) => `<string>${name}</string>`).join('')}</ParameterNames></cwmp:GetParameterValues>`;

const spv = (values: [string, string, string][], key = 'key-1') =>
  `<cwmp:SetParameterValues><ParameterList>${values
    .map(
      ([name, value, type]) =>
        `<ParameterValueStruct><Name>${name}</Name><Value xsi:type="${type}">${value}</Value></ParameterValueStruct>`,
    )
    .join('')}</ParameterList><ParameterKey>${key}</ParameterKey></cwmp:SetParameterValues>`;

const addObject = (name: string) =>
  `<cwmp:AddObject><ObjectName>${name}</ObjectName><ParameterKey></ParameterKey></cwmp:AddObject>`;

/** A gateway of the seed with a WiFi host, and that host. */
function wifiHostOf(gateway: Gateway) {
  const host = gateway.profile.hosts.find((candidate) => candidate.connection.medium === 'wifi');
  if (!host) throw new Error('no WiFi host');
  return host;
}

describe(CwmpAgent.name, () => {
  describe('beginSession', () => {
    it('should inform BOOTSTRAP first with its DeviceId and the TR-181 Inform parameters', () => {
      const { agent, gateway } = agentFor(0, { dataModel: 'tr181' });

      const inform = parse(agent.beginSession(at, 0));

      const deviceId = find(inform, 'DeviceId');
      expect(textOf(deviceId, 'SerialNumber')).toBe(gateway.serialNumber);
      expect(textOf(deviceId, 'OUI')).toMatch(/^[0-9A-F]{6}$/);
      expect(textOf(deviceId, 'ProductClass')).toBe(gateway.profile.model.name);
      expect(findAll(inform, 'EventCode').map((code) => code.text)).toEqual(['0 BOOTSTRAP']);
      expect(textOf(find(inform, 'Inform'), 'MaxEnvelopes')).toBe('1');
      expect(textOf(find(inform, 'Inform'), 'CurrentTime')).toBe('2026-01-05T20:00:00Z');
      const values = valuesOf(agent.beginSession(at + 1, 0));
      expect([...values.keys()]).toEqual([
        'Device.RootDataModelVersion',
        'Device.DeviceInfo.HardwareVersion',
        'Device.DeviceInfo.SoftwareVersion',
        'Device.DeviceInfo.ProvisioningCode',
        'Device.ManagementServer.ConnectionRequestURL',
        'Device.ManagementServer.ParameterKey',
        'Device.IP.Interface.1.IPv4Address.1.IPAddress',
      ]);
      expect(values.get('Device.IP.Interface.1.IPv4Address.1.IPAddress')).toBe(
        gateway.profile.wanIpAddress,
      );
    });

    it('should inform the TR-098 Inform parameters, the WAN IP among them', () => {
      const { agent, gateway } = agentFor(0, { dataModel: 'tr098' });

      const values = valuesOf(agent.beginSession(at, 0));

      expect(values.get('InternetGatewayDevice.DeviceInfo.SpecVersion')).toBe('1.0');
      expect(values.get('InternetGatewayDevice.DeviceSummary')).toMatch(/^InternetGatewayDevice:1/);
      expect(
        values.get(
          'InternetGatewayDevice.WANDevice.1.WANConnectionDevice.1.WANIPConnection.1.ExternalIPAddress',
        ),
      ).toBe(gateway.profile.wanIpAddress);
    });

    it('should keep its events until the ACS takes an Inform, then send none twice', () => {
      const { agent } = agentFor(0, { dataModel: 'tr181' });
      agent.queueEvent('2 PERIODIC');
      agent.queueEvent('2 PERIODIC');

      const retried = parse(agent.beginSession(at, 1));
      agent.informAccepted();
      agent.queueEvent('6 CONNECTION REQUEST');
      const next = parse(agent.beginSession(at + 60, 0));

      expect(findAll(retried, 'EventCode').map((code) => code.text)).toEqual([
        '0 BOOTSTRAP',
        '2 PERIODIC',
      ]);
      expect(textOf(find(retried, 'Inform'), 'RetryCount')).toBe('1');
      expect(findAll(next, 'EventCode').map((code) => code.text)).toEqual(['6 CONNECTION REQUEST']);
    });
  });

  describe('GetParameterNames', () => {
    it('should answer the root, the next level of an object and a whole subtree with writability', () => {
      const { agent, send } = agentFor(0, { dataModel: 'tr181' });
      agent.beginSession(at, 0);
      const namesOf = (xml: string) =>
        findAll(parse(xml), 'ParameterInfoStruct').map(
          (info) => `${textOf(info, 'Name')} ${textOf(info, 'Writable')}`,
        );
      const gpn = (path: string, nextLevel: boolean) =>
        send(
          `<cwmp:GetParameterNames><ParameterPath>${path}</ParameterPath><NextLevel>${nextLevel}</NextLevel></cwmp:GetParameterNames>`,
        );

      expect(namesOf(gpn('', true))).toEqual(['Device. 0']);
      const top = namesOf(gpn('Device.', true));
      expect(top).toEqual(
        expect.arrayContaining(['Device.DeviceInfo. 0', 'Device.Hosts. 0', 'Device.Firewall. 0']),
      );
      expect(top.every((name) => name.split(' ')[0]!.split('.').length <= 3)).toBe(true);
      expect(namesOf(gpn('Device.Firewall.', false))).toEqual(
        expect.arrayContaining([
          'Device.Firewall. 0',
          'Device.Firewall.Enable 1',
          'Device.Firewall.Chain.1.Rule. 1',
          'Device.Firewall.Chain.1.RuleNumberOfEntries 0',
        ]),
      );
      expect(namesOf(gpn('Device.WiFi.Radio.1.Channel', false))).toEqual([
        'Device.WiFi.Radio.1.Channel 1',
      ]);
      expect(faultOf(gpn('Device.Nothing.', true))?.code).toBe(9005);
      expect(faultOf(gpn('Device.DeviceInfo.UpTime', true))?.code).toBe(9003);
    });
  });

  describe('GetParameterValues', () => {
    it('should answer full names and partial paths, and fault 9005 on an unknown name', () => {
      const { agent, gateway, send } = agentFor(0, { dataModel: 'tr181' });
      agent.beginSession(at, 0);

      const values = valuesOf(send(gpv('Device.DeviceInfo.SerialNumber', 'Device.Hosts.Host.')));
      const unknown = faultOf(
        send(gpv('Device.DeviceInfo.SerialNumber', 'Device.DeviceInfo.Nope')),
      );

      expect(values.get('Device.DeviceInfo.SerialNumber')).toBe(gateway.serialNumber);
      const twin = new Gateway(gateway.profile).reportAt(at);
      expect([...values.keys()].filter((name) => name.endsWith('.PhysAddress'))).toEqual(
        Object.keys(twin).filter((name) => /^Device\.Hosts\.Host\.\d+\.PhysAddress$/.test(name)),
      );
      expect(
        [...values.keys()].every(
          (name) =>
            name.startsWith('Device.Hosts.Host.') || name === 'Device.DeviceInfo.SerialNumber',
        ),
      ).toBe(true);
      expect(unknown?.code).toBe(9005);
    });

    it('should answer 9004 past its limit of names or values', () => {
      const { agent, send } = agentFor(0, { dataModel: 'tr181', maxParameterValues: 20 });
      agent.beginSession(at, 0);

      expect(faultOf(send(gpv('Device.Hosts.Host.')))?.code).toBe(9004);
      expect(faultOf(send(gpv('Device.DeviceInfo.UpTime')))).toBeNull();
    });

    it('should give a TR-098 tree without byte counters, signal or bandwidth', () => {
      const { agent, send, gateway } = agentFor(0, { dataModel: 'tr098' });
      agent.beginSession(at, 0);

      const values = valuesOf(send(gpv('InternetGatewayDevice.')));

      const host = gateway.profile.hosts[0]!;
      const hostRow = [...values].find(
        ([name, value]) => name.endsWith('.MACAddress') && value === host.mac,
      );
      expect(hostRow?.[0]).toMatch(
        /^InternetGatewayDevice\.LANDevice\.1\.Hosts\.Host\.\d+\.MACAddress$/,
      );
      expect(
        values.get('InternetGatewayDevice.LANDevice.1.WLANConfiguration.1.OperatingFrequencyBand'),
      ).toBe('2.4GHz');
      expect(values.get('InternetGatewayDevice.ManagementServer.URL')).toBe(
        'http://acs.example/cwmp/v1/abc',
      );
      const names = [...values.keys()].join('\n');
      expect(names).not.toMatch(/Bytes|SignalStrength|Bandwidth|DOCSIS|NeighboringWiFi|^Device\./m);
    });
  });

  describe('SetParameterValues', () => {
    it('should set the periodic interval and the connection request credentials, reading the password as empty', () => {
      const { agent, send } = agentFor(0, { dataModel: 'tr181' });
      agent.beginSession(at, 0);

      const answer = parse(
        send(
          spv([
            ['Device.ManagementServer.PeriodicInformInterval', '60', 'xsd:unsignedInt'],
            ['Device.ManagementServer.ConnectionRequestUsername', 'acs', 'xsd:string'],
            ['Device.ManagementServer.ConnectionRequestPassword', 's3cret', 'xsd:string'],
          ]),
        ),
      );
      const values = valuesOf(send(gpv('Device.ManagementServer.')));

      expect(textOf(find(answer, 'SetParameterValuesResponse'), 'Status')).toBe('0');
      expect(agent.periodicInformIntervalSeconds).toBe(60);
      expect(agent.connectionRequestCredentials).toEqual({ username: 'acs', password: 's3cret' });
      expect(values.get('Device.ManagementServer.ConnectionRequestPassword')).toBe('');
      expect(values.get('Device.ManagementServer.ParameterKey')).toBe('key-1');
    });

    it('should refuse the whole request, naming each parameter, and change nothing', () => {
      const { agent, send } = agentFor(0, { dataModel: 'tr181' });
      agent.beginSession(at, 0);

      const refused = faultOf(
        send(
          spv([
            ['Device.ManagementServer.PeriodicInformInterval', '60', 'xsd:unsignedInt'],
            ['Device.Nothing.Here', '1', 'xsd:string'],
            ['Device.DeviceInfo.UpTime', '1', 'xsd:unsignedInt'],
            ['Device.ManagementServer.PeriodicInformEnable', 'maybe', 'xsd:boolean'],
          ]),
        ),
      );

      expect(refused).toEqual({
        code: 9003,
        text: 'Invalid arguments',
        details: [
          'Device.Nothing.Here 9005',
          'Device.DeviceInfo.UpTime 9008',
          'Device.ManagementServer.PeriodicInformEnable 9007',
        ],
      });
      expect(agent.periodicInformIntervalSeconds).toBe(300);
    });

    it("should move a radio through the gateway, and fault 9007 with the gateway's words when it refuses", () => {
      const { agent, gateway, send } = agentFor(0, { dataModel: 'tr181' });
      agent.beginSession(at, 0);
      const radio = gateway.profile.radios.find((candidate) => candidate.band === '5GHz')!;
      const path = `Device.WiFi.Radio.${radio.instance}.`;

      const moved = send(
        spv([
          [`${path}Channel`, '149', 'xsd:unsignedInt'],
          [`${path}AutoChannelEnable`, 'false', 'xsd:boolean'],
        ]),
      );
      const refused = faultOf(send(spv([[`${path}Channel`, '13', 'xsd:unsignedInt']])));
      const tooWide = faultOf(
        send(spv([[`${path}OperatingChannelBandwidth`, '20 MHz', 'xsd:string']])),
      );
      agent.endSession();

      expect(faultOf(moved)).toBeNull();
      expect(refused).toMatchObject({
        code: 9007,
        text: expect.stringMatching(/Channel 13 is not available on the 5GHz radio/),
      });
      expect(refused?.details).toEqual([`${path}Channel 9007`]);
      expect(tooWide).toMatchObject({
        code: 9003,
        details: [`${path}OperatingChannelBandwidth 9007`],
      });
      const report = gateway.reportAt(at + 300);
      expect(report[`${path}Channel`]).toBe(149);
      expect(report[`${path}AutoChannelEnable`]).toBe(false);
    });

    it('should answer on demand with the fault it was given', () => {
      const { agent, send } = agentFor(0, {
        dataModel: 'tr181',
        faults: { SetParameterValues: 9001 },
      });
      agent.beginSession(at, 0);

      expect(
        faultOf(
          send(spv([['Device.ManagementServer.PeriodicInformInterval', '60', 'xsd:unsignedInt']])),
        ),
      ).toMatchObject({ code: 9001, text: 'Request denied (no reason specified)' });
    });
  });

  describe('blocking', () => {
    it('should block a host with a TR-181 firewall rule when the session ends, and unblock it when the rule goes', () => {
      const { agent, gateway, send } = agentFor(0, { dataModel: 'tr181' });
      const host = wifiHostOf(gateway);
      agent.beginSession(at, 0);

      const added = parse(send(addObject('Device.Firewall.Chain.1.Rule.')));
      const instance = textOf(find(added, 'AddObjectResponse'), 'InstanceNumber');
      const rule = `Device.Firewall.Chain.1.Rule.${instance}.`;
      const set = parse(
        send(
          spv([
            [`${rule}SourceMAC`, host.mac.toUpperCase(), 'xsd:string'],
            [`${rule}Target`, 'Drop', 'xsd:string'],
            [`${rule}Enable`, 'true', 'xsd:boolean'],
          ]),
        ),
      );
      const rules = valuesOf(send(gpv('Device.Firewall.Chain.1.')));
      agent.endSession();
      const blocked = gateway.reportAt(at + 300);
      agent.beginSession(at + 300, 0);
      send(
        `<cwmp:DeleteObject><ObjectName>${rule}</ObjectName><ParameterKey/></cwmp:DeleteObject>`,
      );
      agent.endSession();
      const unblocked = gateway.reportAt(at + 600);

      expect(instance).toBe('1');
      expect(textOf(find(set, 'SetParameterValuesResponse'), 'Status')).toBe('1');
      expect(rules.get('Device.Firewall.Chain.1.RuleNumberOfEntries')).toBe('1');
      expect(rules.get(`${rule}SourceMAC`)).toBe(host.mac.toUpperCase());
      expect(blocked[`Device.Hosts.Host.${host.instance}.X_LINESIGHT_Blocked`]).toBe(true);
      expect(unblocked[`Device.Hosts.Host.${host.instance}.X_LINESIGHT_Blocked`]).toBe(false);
    });

    it('should block a host with a TR-098 classification whose policer drops everything', () => {
      const { agent, gateway, send } = agentFor(0, { dataModel: 'tr098' });
      const host = wifiHostOf(gateway);
      agent.beginSession(at, 0);
      const queues = 'InternetGatewayDevice.QueueManagement.';

      const policer = textOf(
        find(parse(send(addObject(`${queues}Policer.`))), 'AddObjectResponse'),
        'InstanceNumber',
      );
      send(
        spv([
          [`${queues}Policer.${policer}.PolicerEnable`, '1', 'xsd:boolean'],
          [`${queues}Policer.${policer}.ConformingAction`, 'Drop', 'xsd:string'],
          [`${queues}Policer.${policer}.NonConformingAction`, 'Drop', 'xsd:string'],
        ]),
      );
      const classification = textOf(
        find(parse(send(addObject(`${queues}Classification.`))), 'AddObjectResponse'),
        'InstanceNumber',
      );
      const set = send(
        spv([
          [`${queues}Classification.${classification}.SourceMACAddress`, host.mac, 'xsd:string'],
          [`${queues}Classification.${classification}.ClassPolicer`, String(policer), 'xsd:int'],
          [`${queues}Classification.${classification}.ClassificationEnable`, 'true', 'xsd:boolean'],
        ]),
      );
      agent.endSession();

      expect(faultOf(set)).toBeNull();
      expect(
        gateway.reportAt(at + 300)[`Device.Hosts.Host.${host.instance}.X_LINESIGHT_Blocked`],
      ).toBe(true);
      agent.beginSession(at + 300, 0);
      expect(
        valuesOf(send(gpv(`InternetGatewayDevice.LANDevice.1.Hosts.Host.${host.instance}.`))).get(
          `InternetGatewayDevice.LANDevice.1.Hosts.Host.${host.instance}.X_LINESIGHT_Blocked`,
        ),
      ).toBe('true');
    });

    it('should refuse to block a cabled host with 9007 and the reason', () => {
      const { agent, gateway, send } = agentFor(0, { dataModel: 'tr181' });
      const cabled = gateway.profile.hosts.find((host) => host.connection.medium === 'ethernet');
      if (!cabled) return;
      agent.beginSession(at, 0);
      send(addObject('Device.Firewall.Chain.1.Rule.'));

      const refused = faultOf(
        send(
          spv([
            ['Device.Firewall.Chain.1.Rule.1.SourceMAC', cabled.mac, 'xsd:string'],
            ['Device.Firewall.Chain.1.Rule.1.Enable', 'true', 'xsd:boolean'],
          ]),
        ),
      );

      expect(refused).toMatchObject({
        code: 9007,
        text: 'Command not supported for ethernet devices',
      });
    });
  });

  describe('Reboot and diagnostics', () => {
    it('should reboot when the session ends and inform BOOT and M Reboot next', () => {
      const { agent, gateway, send } = agentFor(0, { dataModel: 'tr181' });
      agent.beginSession(at, 0);
      agent.informAccepted();

      expect(
        find(
          parse(send('<cwmp:Reboot><CommandKey>rb-1</CommandKey></cwmp:Reboot>')),
          'RebootResponse',
        ),
      ).toBeDefined();
      expect(agent.endSession()).toEqual({ rebooted: true, diagnosticsComplete: false });
      const next = parse(agent.beginSession(at + 60, 0));

      expect(
        findAll(next, 'EventStruct').map(
          (event) => `${textOf(event, 'EventCode')}/${textOf(event, 'CommandKey')}`,
        ),
      ).toEqual(['1 BOOT/', 'M Reboot/rb-1']);
      expect(gateway.reportAt(at + 120)['Device.DeviceInfo.UpTime']).toBeLessThan(120);
    });

    it('should run a requested site survey after the session and hold its results with DIAGNOSTICS COMPLETE', () => {
      const { agent, gateway, send } = agentFor(0, { dataModel: 'tr181' });
      const diagnostic = 'Device.WiFi.NeighboringWiFiDiagnostic.';
      agent.beginSession(at + 900, 0);
      agent.informAccepted();
      const before = valuesOf(send(gpv(diagnostic)));

      send(spv([[`${diagnostic}DiagnosticsState`, 'Requested', 'xsd:string']]));
      expect(agent.endSession()).toEqual({ rebooted: false, diagnosticsComplete: true });
      const inform = parse(agent.beginSession(at + 960, 0));
      const after = valuesOf(send(gpv(diagnostic)));

      expect(before.get(`${diagnostic}DiagnosticsState`)).toBe('None');
      expect(before.get(`${diagnostic}ResultNumberOfEntries`)).toBe('0');
      expect(findAll(inform, 'EventCode').map((code) => code.text)).toEqual([
        '8 DIAGNOSTICS COMPLETE',
      ]);
      expect(after.get(`${diagnostic}DiagnosticsState`)).toBe('Complete');
      expect(Number(after.get(`${diagnostic}ResultNumberOfEntries`))).toBe(
        gateway.profile.neighbours.length,
      );
      expect(after.get(`${diagnostic}Result.1.SSID`)).toBe(gateway.profile.neighbours[0]?.ssid);
    });
  });

  it('should answer an unknown method with 9000 and a malformed one with 9003', () => {
    const { agent, send } = agentFor(0, { dataModel: 'tr181' });
    agent.beginSession(at, 0);

    expect(faultOf(send('<cwmp:FactoryReset/>'))?.code).toBe(9000);
    expect(
      faultOf(send('<cwmp:GetParameterNames><NextLevel>1</NextLevel></cwmp:GetParameterNames>'))
        ?.code,
    ).toBe(9003);
    expect(
      findAll(parse(send('<cwmp:GetRPCMethods/>')), 'string').map((method) => method.text),
    ).toContain('AddObject');
  });
});
