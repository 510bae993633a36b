import http from 'node:http';

/**
 * The gateways' side of the ACS bench: TR-069 CPEs reduced to what a periodic session needs,
 * written as raw SOAP so that the load generator spends its CPU on sending, not on a CPE model.
 * A CPE answers whatever the ACS asks: GetParameterValues with its ~300 values (whatever names
 * were asked: a real gateway answers the partial paths it was given with about as many),
 * GetParameterNames with its top-level objects, SetParameterValues, AddObject and DeleteObject
 * with success; anything else with fault 9000. It keeps the session's cookie and echoes the
 * ACS's `cwmp:ID`, as the standard says.
 */

const namespace = 'urn:dslforum-org:cwmp-1-2';

export interface BenchCpe {
  index: number;
  token: string;
  serialNumber: string;
  /** Sessions this CPE has completed: the first is its BOOTSTRAP. */
  sessions: number;
  uptime: number;
  bytes: number;
}

export function createCpe(index: number, token: string): BenchCpe {
  return {
    index,
    token,
    serialNumber: `BENCH-CWMP-${String(index).padStart(6, '0')}`,
    sessions: 0,
    uptime: 86_400 + index * 7,
    bytes: 1_000_000 + index,
  };
}

function envelope(id: string, body: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" ' +
    'xmlns:soapenc="http://schemas.xmlsoap.org/soap/encoding/" ' +
    'xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
    'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ' +
    `xmlns:cwmp="${namespace}">` +
    `<soap:Header><cwmp:ID soap:mustUnderstand="1">${id}</cwmp:ID></soap:Header>` +
    `<soap:Body>${body}</soap:Body></soap:Envelope>`
  );
}

type Value = [name: string, type: 'string' | 'unsignedInt' | 'int' | 'boolean', value: string];

function valueList(values: readonly Value[]): string {
  const structs = values
    .map(
      ([name, type, value]) =>
        `<ParameterValueStruct><Name>${name}</Name>` +
        `<Value xsi:type="xsd:${type}">${value}</Value></ParameterValueStruct>`,
    )
    .join('');
  return (
    `<ParameterList soapenc:arrayType="cwmp:ParameterValueStruct[${values.length}]">` +
    `${structs}</ParameterList>`
  );
}

const hostsPerCpe = 16;
const mac = (cpe: BenchCpe, host: number): string =>
  `02:${[cpe.index >> 16, (cpe.index >> 8) & 255, cpe.index & 255, 0x10, host]
    .map((byte) => byte.toString(16).padStart(2, '0'))
    .join(':')}`;

/** The CPE's answer to GetParameterValues: about 300 values of what the portal reads. */
export function parameterValues(cpe: BenchCpe): Value[] {
  const values: Value[] = [
    ['Device.DeviceInfo.ModelName', 'string', 'BENCH-CWMP'],
    ['Device.DeviceInfo.Manufacturer', 'string', 'LineSight bench'],
    ['Device.DeviceInfo.ManufacturerOUI', 'string', '00D09E'],
    ['Device.DeviceInfo.ProductClass', 'string', 'BENCH-CWMP'],
    ['Device.DeviceInfo.SerialNumber', 'string', cpe.serialNumber],
    ['Device.DeviceInfo.HardwareVersion', 'string', 'HW1'],
    ['Device.DeviceInfo.SoftwareVersion', 'string', '1.0.0'],
    ['Device.DeviceInfo.UpTime', 'unsignedInt', String(cpe.uptime)],
    ['Device.DeviceInfo.ProcessStatus.CPUUsage', 'unsignedInt', String(10 + (cpe.uptime % 40))],
    ['Device.DeviceInfo.MemoryStatus.Total', 'unsignedInt', '524288'],
    ['Device.DeviceInfo.MemoryStatus.Free', 'unsignedInt', String(200_000 + (cpe.uptime % 5000))],
    ['Device.DeviceInfo.TemperatureStatus.TemperatureSensor.1.Value', 'int', '54'],
    ['Device.ManagementServer.PeriodicInformInterval', 'unsignedInt', '300'],
    ['Device.IP.Interface.1.IPv4Address.1.IPAddress', 'string', `100.64.${cpe.index & 255}.1`],
  ];
  for (const [radio, band, channel] of [
    [1, '2.4GHz', '6'],
    [2, '5GHz', '36'],
  ] as const) {
    const prefix = `Device.WiFi.Radio.${radio}.`;
    values.push(
      [`${prefix}Enable`, 'boolean', 'true'],
      [`${prefix}OperatingFrequencyBand`, 'string', band],
      [`${prefix}Channel`, 'unsignedInt', channel],
      [`${prefix}AutoChannelEnable`, 'boolean', 'false'],
      [`${prefix}OperatingChannelBandwidth`, 'string', radio === 1 ? '20MHz' : '80MHz'],
      [`${prefix}PossibleChannels`, 'string', radio === 1 ? '1-13' : '36,40,44,48'],
      [`${prefix}OperatingStandards`, 'string', radio === 1 ? 'g,n' : 'ac'],
      [`Device.WiFi.SSID.${radio}.SSID`, 'string', `bench-${cpe.index}`],
      [`Device.WiFi.SSID.${radio}.BSSID`, 'string', mac(cpe, 200 + radio)],
      [`Device.WiFi.SSID.${radio}.Enable`, 'boolean', 'true'],
      [`Device.WiFi.SSID.${radio}.LowerLayers`, 'string', `Device.WiFi.Radio.${radio}`],
      [`Device.WiFi.AccessPoint.${radio}.SSIDReference`, 'string', `Device.WiFi.SSID.${radio}`],
      [`Device.WiFi.AccessPoint.${radio}.Security.ModeEnabled`, 'string', 'WPA2-Personal'],
    );
  }
  const associated = [0, 0];
  for (let host = 1; host <= hostsPerCpe; host++) {
    const prefix = `Device.Hosts.Host.${host}.`;
    const radio = host % 4 === 0 ? 0 : (host % 2) + 1;
    values.push(
      [`${prefix}PhysAddress`, 'string', mac(cpe, host)],
      [`${prefix}IPAddress`, 'string', `192.168.1.${host + 10}`],
      [`${prefix}HostName`, 'string', `device-${host}`],
      [`${prefix}Active`, 'boolean', 'true'],
      [
        `${prefix}Layer1Interface`,
        'string',
        radio === 0 ? 'Device.Ethernet.Interface.1' : `Device.WiFi.SSID.${radio}`,
      ],
      [`${prefix}AddressSource`, 'string', 'DHCP'],
      [`${prefix}LeaseTimeRemaining`, 'int', '3600'],
      [`${prefix}IPv4Address.1.IPAddress`, 'string', `192.168.1.${host + 10}`],
      [`${prefix}WANStats.BytesSent`, 'unsignedInt', String(cpe.bytes * host)],
      [`${prefix}WANStats.BytesReceived`, 'unsignedInt', String(cpe.bytes * host * 7)],
      [`${prefix}WANStats.PacketsSent`, 'unsignedInt', String(cpe.bytes)],
      [`${prefix}WANStats.PacketsReceived`, 'unsignedInt', String(cpe.bytes * 5)],
    );
    if (radio > 0) {
      const index = (associated[radio - 1] = (associated[radio - 1] ?? 0) + 1);
      const device = `Device.WiFi.AccessPoint.${radio}.AssociatedDevice.${index}.`;
      values.push(
        [`${device}MACAddress`, 'string', mac(cpe, host)],
        [`${device}SignalStrength`, 'int', String(-45 - host)],
        [`${device}LastDataDownlinkRate`, 'unsignedInt', '433000'],
        [`${device}LastDataUplinkRate`, 'unsignedInt', '216000'],
        [`${device}OperatingStandard`, 'string', radio === 1 ? 'n' : 'ac'],
      );
    }
  }
  const line = 'Device.DSL.Line.1.';
  const channel = 'Device.DSL.Channel.1.';
  values.push(
    [`${line}Status`, 'string', 'Up'],
    [`${line}StandardUsed`, 'string', 'G.993.2_Annex_B'],
    [`${line}DownstreamNoiseMargin`, 'int', '91'],
    [`${line}UpstreamNoiseMargin`, 'int', '120'],
    [`${line}DownstreamAttenuation`, 'int', '180'],
    [`${line}UpstreamAttenuation`, 'int', '120'],
    [`${line}DownstreamPower`, 'int', '145'],
    [`${line}UpstreamPower`, 'int', '65'],
    [`${line}DownstreamMaxBitRate`, 'unsignedInt', '98000'],
    [`${line}UpstreamMaxBitRate`, 'unsignedInt', '38000'],
    [`${line}LastChange`, 'unsignedInt', String(cpe.uptime)],
    [`${line}Stats.Total.ErroredSecs`, 'unsignedInt', '3'],
    [`${line}Stats.Total.SeverelyErroredSecs`, 'unsignedInt', '0'],
    [`${channel}LowerLayers`, 'string', 'Device.DSL.Line.1'],
    [`${channel}LinkEncapsulationUsed`, 'string', 'G.992.3_Annex_K_PTM'],
    [`${channel}DownstreamCurrRate`, 'unsignedInt', '90000'],
    [`${channel}UpstreamCurrRate`, 'unsignedInt', '35000'],
    [`${channel}Stats.Total.XTURFECErrors`, 'unsignedInt', String(cpe.bytes % 1000)],
    [`${channel}Stats.Total.XTUCFECErrors`, 'unsignedInt', '12'],
    [`${channel}Stats.Total.HECErrors`, 'unsignedInt', '0'],
    [`${channel}Stats.Total.CRCErrors`, 'unsignedInt', '2'],
  );
  return values;
}

function inform(cpe: BenchCpe): string {
  const events =
    cpe.sessions === 0
      ? ['0 BOOTSTRAP', '1 BOOT']
      : cpe.sessions === 1
        ? ['1 BOOT']
        : ['2 PERIODIC'];
  const eventList = events
    .map(
      (code) =>
        `<EventStruct><EventCode>${code}</EventCode><CommandKey></CommandKey></EventStruct>`,
    )
    .join('');
  return envelope(
    `inform-${cpe.sessions}`,
    '<cwmp:Inform>' +
      '<DeviceId><Manufacturer>LineSight bench</Manufacturer><OUI>00D09E</OUI>' +
      `<ProductClass>BENCH-CWMP</ProductClass><SerialNumber>${cpe.serialNumber}</SerialNumber></DeviceId>` +
      `<Event soapenc:arrayType="cwmp:EventStruct[${events.length}]">${eventList}</Event>` +
      `<MaxEnvelopes>1</MaxEnvelopes><CurrentTime>${new Date().toISOString()}</CurrentTime>` +
      '<RetryCount>0</RetryCount>' +
      valueList([
        ['Device.RootDataModelVersion', 'string', '2.17'],
        ['Device.DeviceInfo.HardwareVersion', 'string', 'HW1'],
        ['Device.DeviceInfo.SoftwareVersion', 'string', '1.0.0'],
        ['Device.DeviceInfo.ProvisioningCode', 'string', ''],
        ['Device.ManagementServer.ParameterKey', 'string', ''],
        // Nothing listens there: a connection request from the ACS fails fast, as for a NATed CPE.
        ['Device.ManagementServer.ConnectionRequestURL', 'string', 'http://127.0.0.1:9/cr'],
        ['Device.IP.Interface.1.IPv4Address.1.IPAddress', 'string', `100.64.${cpe.index & 255}.1`],
      ]) +
      '</cwmp:Inform>',
  );
}

const topLevel = ['DeviceInfo', 'ManagementServer', 'Hosts', 'WiFi', 'DSL', 'IP', 'Firewall'];

/** The CPE's answer to the ACS's request in `body`; undefined for an empty answer (204). */
function answer(cpe: BenchCpe, body: string): string {
  const id = /<(?:\w+:)?ID[^>]*>([^<]*)</.exec(body)?.[1] ?? '';
  const method = /<(?:\w+:)?Body>\s*<(?:\w+:)?(\w+)/.exec(body)?.[1] ?? '';
  switch (method) {
    case 'GetParameterValues': {
      const values = parameterValues(cpe);
      return envelope(
        id,
        `<cwmp:GetParameterValuesResponse>${valueList(values)}</cwmp:GetParameterValuesResponse>`,
      );
    }
    case 'GetParameterNames': {
      const names = topLevel
        .map(
          (name) =>
            `<ParameterInfoStruct><Name>Device.${name}.</Name><Writable>0</Writable></ParameterInfoStruct>`,
        )
        .join('');
      return envelope(
        id,
        '<cwmp:GetParameterNamesResponse>' +
          `<ParameterList soapenc:arrayType="cwmp:ParameterInfoStruct[${topLevel.length}]">${names}</ParameterList>` +
          '</cwmp:GetParameterNamesResponse>',
      );
    }
    case 'SetParameterValues':
      return envelope(
        id,
        '<cwmp:SetParameterValuesResponse><Status>0</Status></cwmp:SetParameterValuesResponse>',
      );
    case 'AddObject':
      return envelope(
        id,
        '<cwmp:AddObjectResponse><InstanceNumber>1</InstanceNumber><Status>0</Status></cwmp:AddObjectResponse>',
      );
    case 'DeleteObject':
      return envelope(
        id,
        '<cwmp:DeleteObjectResponse><Status>0</Status></cwmp:DeleteObjectResponse>',
      );
    default:
      return envelope(
        id,
        '<soap:Fault><faultcode>Client</faultcode><faultstring>CWMP fault</faultstring><detail>' +
          '<cwmp:Fault><FaultCode>9000</FaultCode><FaultString>Method not supported</FaultString></cwmp:Fault>' +
          '</detail></soap:Fault>',
      );
  }
}

interface Answer {
  status: number;
  body: string;
  cookie: string | undefined;
}

function post(
  agent: http.Agent,
  port: number,
  path: string,
  body: string,
  cookie: string | undefined,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(body);
    const request = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path,
        headers: {
          ...(payload.length > 0 && { 'content-type': 'text/xml; charset="utf-8"' }),
          'content-length': payload.length,
          ...(cookie && { cookie }),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const setCookie = response.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            cookie: setCookie ?? cookie,
          });
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The most messages one session may take before the bench calls it broken. */
const maxMessages = 50;

export interface SessionResult {
  /** HTTP requests the session took. */
  requests: number;
  /** The ACS's requests by method, for the record. */
  methods: string[];
}

/** Runs one whole session of `cpe` against the ACS at `port`; throws on anything unexpected. */
export async function runSession(
  agent: http.Agent,
  port: number,
  cpe: BenchCpe,
): Promise<SessionResult> {
  const path = `/cwmp/v1/${cpe.token}`;
  const methods: string[] = [];
  let reply = await post(agent, port, path, inform(cpe), undefined);
  if (reply.status !== 200 || !reply.body.includes('InformResponse')) {
    throw new Error(`Inform answered ${reply.status}: ${reply.body.slice(0, 300)}`);
  }
  let requests = 1;
  let next = '';
  for (;;) {
    reply = await post(agent, port, path, next, reply.cookie);
    requests += 1;
    if (reply.status === 204) break;
    if (reply.status !== 200 || requests > maxMessages) {
      throw new Error(`message ${requests} answered ${reply.status}: ${reply.body.slice(0, 300)}`);
    }
    methods.push(/<(?:\w+:)?Body>\s*<(?:\w+:)?(\w+)/.exec(reply.body)?.[1] ?? '?');
    next = answer(cpe, reply.body);
  }
  cpe.sessions += 1;
  cpe.uptime += 300;
  cpe.bytes += 250_000;
  return { requests, methods };
}
