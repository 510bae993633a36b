import { gzipSync } from 'node:zlib';
/**
 * A hand-written TR-069 gateway for the ACS's tests: it posts raw SOAP over real HTTP, keeps the
 * `cwmp-session` cookie like a browser's jar, and answers the ACS's requests from a parameter
 * store of its own (GetParameterNames, GetParameterValues by full or partial name,
 * SetParameterValues, AddObject, DeleteObject), with faults on demand.
 */

import { escapeXml } from '../src/cwmp/soap';

export interface CpeParameter {
  value: string;
  type: string;
}

/** An ACS request as the test gateway reads it back (by regular expressions: it is a test). */
export interface ReceivedRequest {
  method: string;
  id: string | null;
  names: string[];
  values: { name: string; value: string }[];
  objectName: string | null;
  parameterPath: string | null;
}

export interface Exchange {
  status: number;
  body: string;
  headers: Headers;
}

const unescapeXml = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const all = (xml: string, pattern: RegExp): string[] =>
  [...xml.matchAll(pattern)].map((match) => unescapeXml(match[1] ?? ''));

export function readAcsRequest(xml: string): ReceivedRequest {
  const body = /<soapenv:Body>([\s\S]*)<\/soapenv:Body>/.exec(xml)?.[1] ?? '';
  return {
    method: /^<cwmp:(\w+)/.exec(body)?.[1] ?? '',
    id: /<cwmp:ID[^>]*>([^<]*)<\/cwmp:ID>/.exec(xml)?.[1] ?? null,
    names: all(body, /<(?:string|Name)>([^<]*)<\/(?:string|Name)>/g),
    values: [...body.matchAll(/<Name>([^<]*)<\/Name><Value[^>]*>([^<]*)<\/Value>/g)].map((m) => ({
      name: unescapeXml(m[1] ?? ''),
      value: unescapeXml(m[2] ?? ''),
    })),
    objectName: all(body, /<ObjectName>([^<]*)<\/ObjectName>/g)[0] ?? null,
    parameterPath: all(body, /<ParameterPath>([^<]*)<\/ParameterPath>/g)[0] ?? null,
  };
}

const namespaces =
  'xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/" ' +
  'xmlns:SOAP-ENC="http://schemas.xmlsoap.org/soap/encoding/" ' +
  'xmlns:xsd="http://www.w3.org/2001/XMLSchema" ' +
  'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"';

/** A gateway's envelope: `body` inside SOAP-ENV:Body, in CWMP 1.`minor`. */
export function cpeEnvelope(body: string, id: string | null, minor = 0): string {
  const header =
    id === null
      ? ''
      : `<SOAP-ENV:Header><cwmp:ID SOAP-ENV:mustUnderstand="1">${id}</cwmp:ID></SOAP-ENV:Header>`;
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<SOAP-ENV:Envelope ${namespaces} ` +
    `xmlns:cwmp="urn:dslforum-org:cwmp-1-${minor}">\n${header}\n<SOAP-ENV:Body>\n${body}\n` +
    '</SOAP-ENV:Body>\n</SOAP-ENV:Envelope>'
  );
}

export function parameterList(values: [string, CpeParameter][]): string {
  return (
    `<ParameterList SOAP-ENC:arrayType="cwmp:ParameterValueStruct[${values.length}]">` +
    values
      .map(
        ([name, { value, type }]) =>
          `\n<ParameterValueStruct><Name>${escapeXml(name)}</Name><Value xsi:type="${type}">${escapeXml(value)}</Value></ParameterValueStruct>`,
      )
      .join('') +
    '</ParameterList>'
  );
}

export function faultBody(code: number, text: string): string {
  return (
    '<SOAP-ENV:Fault><faultcode>Client</faultcode><faultstring>CWMP fault</faultstring><detail>' +
    `<cwmp:Fault><FaultCode>${code}</FaultCode><FaultString>${escapeXml(text)}</FaultString></cwmp:Fault>` +
    '</detail></SOAP-ENV:Fault>'
  );
}

export interface TestCpeOptions {
  url: string;
  serialNumber: string;
  oui?: string;
  productClass?: string;
  minor?: number;
  /** Sent with every request (an Authorization header, say). */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Parameters the gateway has; the Inform carries those `informed` names. */
  parameters: Record<string, CpeParameter>;
  /** Names the Inform carries. */
  informed?: string[];
  /** Sends every envelope gzip-compressed (`Content-Encoding: gzip`). */
  gzip?: boolean;
}

export class TestCpe {
  private cookie: string | undefined;
  readonly parameters: Map<string, CpeParameter>;
  /** Every request the ACS sent, in order. */
  readonly received: ReceivedRequest[] = [];
  /** Answers instead of the store's: return a body (a fault, say) for a request, or undefined. */
  answer: (request: ReceivedRequest) => string | undefined = () => undefined;
  /** Whether to send the cookie back (a gateway that drops cookies does not). */
  keepsCookies = true;
  private nextInstance = new Map<string, number>();

  constructor(readonly options: TestCpeOptions) {
    this.parameters = new Map(Object.entries(options.parameters));
  }

  get minor(): number {
    return this.options.minor ?? 0;
  }

  async post(xml: string, url = this.options.url): Promise<Exchange> {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'text/xml; charset="utf-8"',
        ...(this.cookie && this.keepsCookies ? { cookie: this.cookie } : {}),
        ...(this.options.gzip && xml !== '' ? { 'content-encoding': 'gzip' } : {}),
        ...(await this.options.headers?.()),
      },
      body: this.options.gzip && xml !== '' ? gzipSync(xml) : xml,
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) this.cookie = setCookie.split(';')[0];
    return { status: response.status, body: await response.text(), headers: response.headers };
  }

  informXml(events: string[], id = 'inform-1'): string {
    const informed = (this.options.informed ?? []).flatMap((name): [string, CpeParameter][] => {
      const parameter = this.parameters.get(name);
      return parameter ? [[name, parameter]] : [];
    });
    return cpeEnvelope(
      '<cwmp:Inform><DeviceId><Manufacturer>LineSight Test</Manufacturer>' +
        `<OUI>${this.options.oui ?? '00D09E'}</OUI><ProductClass>${this.options.productClass ?? 'TestBox'}</ProductClass>` +
        `<SerialNumber>${this.options.serialNumber}</SerialNumber></DeviceId>` +
        `<Event SOAP-ENC:arrayType="cwmp:EventStruct[${events.length}]">` +
        events
          .map(
            (code) =>
              `<EventStruct><EventCode>${code}</EventCode><CommandKey></CommandKey></EventStruct>`,
          )
          .join('') +
        '</Event><MaxEnvelopes>1</MaxEnvelopes><CurrentTime>2026-01-01T12:00:00Z</CurrentTime>' +
        `<RetryCount>0</RetryCount>${parameterList(informed)}</cwmp:Inform>`,
      id,
      this.minor,
    );
  }

  inform(events: string[] = ['2 PERIODIC']): Promise<Exchange> {
    return this.post(this.informXml(events));
  }

  /**
   * A whole session: Inform, empty POST, then every ACS request answered until the 204.
   * `stopAfter` leaves the session after that many answers (a gateway that vanishes).
   */
  async session(events: string[] = ['2 PERIODIC'], stopAfter = Infinity): Promise<Exchange> {
    const informed = await this.inform(events);
    if (informed.status !== 200) return informed;
    let exchange = await this.post('');
    for (let answered = 0; exchange.status === 200; answered++) {
      if (answered >= stopAfter) return exchange;
      exchange = await this.post(this.respond(exchange.body));
    }
    return exchange;
  }

  /** The gateway's answer to the ACS's envelope. */
  respond(xml: string): string {
    const request = readAcsRequest(xml);
    this.received.push(request);
    const body = this.answer(request) ?? this.fromStore(request);
    return cpeEnvelope(body, request.id, this.minor);
  }

  private fromStore(request: ReceivedRequest): string {
    switch (request.method) {
      case 'GetParameterNames': {
        const path = request.parameterPath ?? '';
        const children = new Set<string>();
        for (const name of this.parameters.keys()) {
          if (!name.startsWith(path)) continue;
          const rest = name.slice(path.length);
          const dot = rest.indexOf('.');
          children.add(path + (dot === -1 ? rest : rest.slice(0, dot + 1)));
        }
        return (
          `<cwmp:GetParameterNamesResponse><ParameterList SOAP-ENC:arrayType="cwmp:ParameterInfoStruct[${children.size}]">` +
          [...children]
            .map(
              (name) =>
                `<ParameterInfoStruct><Name>${name}</Name><Writable>0</Writable></ParameterInfoStruct>`,
            )
            .join('') +
          '</ParameterList></cwmp:GetParameterNamesResponse>'
        );
      }
      case 'GetParameterValues': {
        const found: [string, CpeParameter][] = [];
        for (const name of request.names) {
          const matching = [...this.parameters].filter(([path]) =>
            name.endsWith('.') ? path.startsWith(name) : path === name,
          );
          if (matching.length === 0) return faultBody(9005, `Invalid parameter name ${name}`);
          found.push(...matching);
        }
        return `<cwmp:GetParameterValuesResponse>${parameterList(found)}</cwmp:GetParameterValuesResponse>`;
      }
      case 'SetParameterValues':
        for (const { name, value } of request.values) {
          const type = this.parameters.get(name)?.type ?? 'xsd:string';
          this.parameters.set(name, { value, type });
        }
        return '<cwmp:SetParameterValuesResponse><Status>0</Status></cwmp:SetParameterValuesResponse>';
      case 'AddObject': {
        const table = request.objectName ?? '';
        const used = [...this.parameters.keys()]
          .filter((name) => name.startsWith(table))
          .map((name) => Number(name.slice(table.length).split('.')[0]));
        const instance = Math.max(this.nextInstance.get(table) ?? 1, ...used.map((n) => n + 1));
        this.nextInstance.set(table, instance + 1);
        this.parameters.set(`${table}${instance}.Enable`, { value: 'false', type: 'xsd:boolean' });
        return `<cwmp:AddObjectResponse><InstanceNumber>${instance}</InstanceNumber><Status>0</Status></cwmp:AddObjectResponse>`;
      }
      case 'DeleteObject':
        for (const name of [...this.parameters.keys()]) {
          if (name.startsWith(request.objectName ?? '\u0000')) this.parameters.delete(name);
        }
        return '<cwmp:DeleteObjectResponse><Status>0</Status></cwmp:DeleteObjectResponse>';
      default:
        return faultBody(9000, `${request.method} is not supported`);
    }
  }
}

/** A TR-181 gateway's parameters: a 2.4 and a 5 GHz radio, two hosts, a DSL line. */
export function tr181Parameters(): Record<string, CpeParameter> {
  const s = (value: string): CpeParameter => ({ value, type: 'xsd:string' });
  const u = (value: number): CpeParameter => ({ value: String(value), type: 'xsd:unsignedInt' });
  const i = (value: number): CpeParameter => ({ value: String(value), type: 'xsd:int' });
  const b = (value: boolean): CpeParameter => ({ value: value ? '1' : '0', type: 'xsd:boolean' });
  return {
    'Device.DeviceInfo.Manufacturer': s('LineSight Test'),
    'Device.DeviceInfo.ModelName': s('TR181-Box'),
    'Device.DeviceInfo.SerialNumber': s('SN-181'),
    'Device.DeviceInfo.SoftwareVersion': s('7.1.0'),
    'Device.DeviceInfo.HardwareVersion': s('B1'),
    'Device.DeviceInfo.UpTime': u(86400),
    'Device.DeviceInfo.ProcessStatus.CPUUsage': u(23),
    'Device.DeviceInfo.MemoryStatus.Total': u(524288),
    'Device.DeviceInfo.MemoryStatus.Free': u(201326),
    'Device.ManagementServer.ConnectionRequestURL': s('http://127.0.0.1:1/cr'),
    'Device.ManagementServer.PeriodicInformEnable': b(true),
    'Device.ManagementServer.PeriodicInformInterval': u(3600),
    'Device.ManagementServer.ParameterKey': s(''),
    'Device.RootDataModelVersion': s('2.12'),
    'Device.WiFi.Radio.1.OperatingFrequencyBand': s('2.4GHz'),
    'Device.WiFi.Radio.1.Channel': u(6),
    'Device.WiFi.Radio.1.AutoChannelEnable': b(false),
    'Device.WiFi.Radio.1.PossibleChannels': s('1-11'),
    'Device.WiFi.Radio.1.OperatingChannelBandwidth': s('20MHz'),
    'Device.WiFi.Radio.1.OperatingStandards': s('b,g,n'),
    'Device.WiFi.Radio.2.OperatingFrequencyBand': s('5GHz'),
    'Device.WiFi.Radio.2.Channel': u(44),
    'Device.WiFi.Radio.2.AutoChannelEnable': b(false),
    'Device.WiFi.Radio.2.PossibleChannels': s('36,40,44,48,149,153,157,161'),
    'Device.WiFi.Radio.2.OperatingChannelBandwidth': s('80MHz'),
    'Device.WiFi.Radio.2.OperatingStandards': s('a,n,ac'),
    'Device.WiFi.SSID.1.SSID': s('Home-2G'),
    'Device.WiFi.SSID.1.Enable': b(true),
    'Device.WiFi.SSID.1.LowerLayers': s('Device.WiFi.Radio.1.'),
    'Device.WiFi.SSID.2.SSID': s('Home-5G'),
    'Device.WiFi.SSID.2.Enable': b(true),
    'Device.WiFi.SSID.2.LowerLayers': s('Device.WiFi.Radio.2.'),
    'Device.WiFi.AccessPoint.2.SSIDReference': s('Device.WiFi.SSID.2.'),
    'Device.WiFi.AccessPoint.2.Security.ModeEnabled': s('WPA2-Personal'),
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.MACAddress': s('3c:22:fb:11:22:33'),
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.SignalStrength': i(-58),
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.LastDataDownlinkRate': u(433000),
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.LastDataUplinkRate': u(200000),
    'Device.WiFi.AccessPoint.2.AssociatedDevice.1.OperatingStandard': s('ac'),
    'Device.WiFi.NeighboringWiFiDiagnostic.DiagnosticsState': s('None'),
    'Device.Hosts.Host.1.PhysAddress': s('3C:22:FB:11:22:33'),
    'Device.Hosts.Host.1.HostName': s('ada-macbook'),
    'Device.Hosts.Host.1.Active': b(true),
    'Device.Hosts.Host.1.Layer1Interface': s('Device.WiFi.SSID.2'),
    'Device.Hosts.Host.1.IPAddress': s('192.168.1.20'),
    'Device.Hosts.Host.2.PhysAddress': s('f0:18:98:aa:bb:cc'),
    'Device.Hosts.Host.2.HostName': s('living-room-tv'),
    'Device.Hosts.Host.2.Active': b(true),
    'Device.Hosts.Host.2.Layer1Interface': s('Device.Ethernet.Interface.2'),
    'Device.Hosts.Host.2.IPAddress': s('192.168.1.21'),
    'Device.Firewall.Config': s('Advanced'),
    'Device.Firewall.AdvancedLevel': s('Device.Firewall.Level.1.'),
    'Device.Firewall.Level.1.Chain': s('Device.Firewall.Chain.1.'),
    'Device.Firewall.Chain.1.Name': s('LAN'),
    'Device.DSL.Line.1.Status': s('Up'),
    'Device.DSL.Line.1.DownstreamNoiseMargin': i(61),
    'Device.DSL.Line.1.UpstreamNoiseMargin': i(72),
  };
}

/** The names a TR-181 gateway's Inform carries (TR-181's forced inform parameters). */
export const tr181Informed = [
  'Device.RootDataModelVersion',
  'Device.DeviceInfo.HardwareVersion',
  'Device.DeviceInfo.SoftwareVersion',
  'Device.ManagementServer.ParameterKey',
  'Device.ManagementServer.ConnectionRequestURL',
];
