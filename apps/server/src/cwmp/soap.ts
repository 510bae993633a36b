/**
 * CWMP's SOAP 1.1 envelopes (TR-069 Amendment 6 section 3.4): a gateway's envelope read into the
 * RPC types of rpc.ts, and the ACS's written in the CWMP namespace the gateway's Inform used.
 *
 * The XML is read by saxes (a strict, non-validating parser) into a small tree with hard limits,
 * and never with a DTD: a DOCTYPE is refused outright, so no entity is ever declared, expanded
 * or fetched; text holds only the predefined entities and character references. What real
 * gateways write beyond the standard is read too: any prefixes (`SOAP-ENV`, `soapenv`, none for
 * the RPC's children), common prefixes left undeclared, pretty-printing whitespace, SOAP
 * arrays with `soapenc:arrayType`, a value without `xsi:type` (taken as `xsd:string`).
 */

import { SaxesParser, type SaxesTagNS } from 'saxes';
import type {
  AcsRequest,
  CpeRequest,
  CpeResponse,
  CwmpFault,
  CwmpValue,
  DeviceId,
  InformEvent,
} from './rpc';

const soapEnvelopeUri = 'http://schemas.xmlsoap.org/soap/envelope/';
const soapEncodingUri = 'http://schemas.xmlsoap.org/soap/encoding/';
const xsdUri = 'http://www.w3.org/2001/XMLSchema';
const xsiUri = 'http://www.w3.org/2001/XMLSchema-instance';
const cwmpUriPrefix = 'urn:dslforum-org:cwmp-';

/** The CWMP namespace of version 1.`minor`: `urn:dslforum-org:cwmp-1-2`. */
export function cwmpNamespace(minor: number): string {
  return `${cwmpUriPrefix}1-${minor}`;
}

/** The newest CWMP version the ACS speaks (1.4, TR-069 Amendment 6). */
export const newestCwmpMinor = 4;

/** Elements an envelope may nest: an Inform nests 6 deep; TR-181's names are not elements. */
export const maxElementDepth = 32;
/** Elements an envelope may hold: a GetParameterNames answer of a large TR-181 tree is ~30,000. */
export const maxElementCount = 200_000;

/** Why an envelope cannot be read: answered 400 with this text, whatever the session. */
export class SoapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SoapError';
  }
}

/**
 * Prefixes gateways use without declaring them (seen on stock firmware), bound to what they
 * always mean, so that an envelope is not refused for a missing `xmlns:xsi`.
 */
const undeclaredPrefixes: Readonly<Record<string, string>> = {
  'soap-env': soapEnvelopeUri,
  'SOAP-ENV': soapEnvelopeUri,
  soap: soapEnvelopeUri,
  soapenv: soapEnvelopeUri,
  'soap-enc': soapEncodingUri,
  'SOAP-ENC': soapEncodingUri,
  soapenc: soapEncodingUri,
  xsd: xsdUri,
  xs: xsdUri,
  xsi: xsiUri,
  cwmp: cwmpNamespace(0),
};

interface XmlElement {
  uri: string;
  local: string;
  /** `xsi:type` (its local name) when given. */
  xsiType: string | undefined;
  children: XmlElement[];
  text: string;
}

/** Reads XML into a tree, within the limits above; throws SoapError for anything else. */
function readTree(xml: string): XmlElement {
  const parser = new SaxesParser({
    xmlns: true,
    position: false,
    resolvePrefix: (prefix: string) => undeclaredPrefixes[prefix],
  });
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  parser.on('doctype', () => {
    throw new SoapError('A DOCTYPE is not accepted: CWMP envelopes declare no entities.');
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    elements++;
    if (elements > maxElementCount) {
      throw new SoapError(`The envelope holds more than ${maxElementCount} elements.`);
    }
    if (stack.length >= maxElementDepth) {
      throw new SoapError(`The envelope nests elements deeper than ${maxElementDepth}.`);
    }
    const type = Object.values(tag.attributes).find(
      (attribute) => attribute.local === 'type' && attribute.uri === xsiUri,
    )?.value;
    const element: XmlElement = {
      uri: tag.uri,
      local: tag.local,
      xsiType: type === undefined ? undefined : type.slice(type.indexOf(':') + 1).trim(),
      children: [],
      text: '',
    };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  const addText = (text: string): void => {
    const current = stack.at(-1);
    if (current) current.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('error', (error) => {
    throw error instanceof SoapError ? error : new SoapError(`Malformed XML: ${error.message}`);
  });
  parser.write(xml).close();
  if (!root) throw new SoapError('The body holds no XML element.');
  return root;
}

function childrenNamed(element: XmlElement | undefined, local: string): XmlElement[] {
  return element?.children.filter((child) => child.local === local) ?? [];
}

function child(element: XmlElement | undefined, local: string): XmlElement | undefined {
  return element?.children.find((candidate) => candidate.local === local);
}

function textOf(element: XmlElement | undefined, local: string): string {
  return child(element, local)?.text.trim() ?? '';
}

/** A whole number field; a CPE writing none or a word gets `fallback`. */
function numberOf(element: XmlElement | undefined, local: string, fallback = 0): number {
  const text = textOf(element, local);
  return /^-?\d+$/.test(text) ? Number(text) : fallback;
}

function booleanOf(element: XmlElement | undefined, local: string): boolean {
  const text = textOf(element, local).toLowerCase();
  return text === '1' || text === 'true';
}

/** An array's items: a SOAP array's children whatever their element name or arrayType. */
function itemsOf(element: XmlElement | undefined, local: string): XmlElement[] {
  return child(element, local)?.children ?? [];
}

function parameterValuesOf(list: XmlElement[]): CwmpValue[] {
  return list.map((struct) => {
    const value = child(struct, 'Value');
    return {
      name: textOf(struct, 'Name'),
      value: value?.text ?? '',
      type: `xsd:${value?.xsiType || 'string'}`,
    };
  });
}

function faultOf(element: XmlElement | undefined): CwmpFault {
  const refused = childrenNamed(element, 'SetParameterValuesFault').map((fault) => ({
    parameterName: textOf(fault, 'ParameterName'),
    faultCode: numberOf(fault, 'FaultCode'),
    faultString: textOf(fault, 'FaultString'),
  }));
  return {
    faultCode: numberOf(element, 'FaultCode'),
    faultString: textOf(element, 'FaultString'),
    ...(refused.length > 0 && { setParameterValuesFaults: refused }),
  };
}

function informOf(rpc: XmlElement): CpeRequest {
  const id = child(rpc, 'DeviceId');
  const deviceId: DeviceId = {
    manufacturer: textOf(id, 'Manufacturer'),
    oui: textOf(id, 'OUI'),
    productClass: textOf(id, 'ProductClass'),
    serialNumber: textOf(id, 'SerialNumber'),
  };
  const events: InformEvent[] = itemsOf(rpc, 'Event').map((event) => ({
    eventCode: textOf(event, 'EventCode'),
    commandKey: textOf(event, 'CommandKey'),
  }));
  return {
    method: 'Inform',
    deviceId,
    events,
    maxEnvelopes: numberOf(rpc, 'MaxEnvelopes', 1),
    currentTime: textOf(rpc, 'CurrentTime'),
    retryCount: numberOf(rpc, 'RetryCount'),
    parameters: parameterValuesOf(itemsOf(rpc, 'ParameterList')),
  };
}

function cpeRequestOf(rpc: XmlElement): CpeRequest {
  switch (rpc.local) {
    case 'Inform':
      return informOf(rpc);
    case 'TransferComplete':
    case 'AutonomousTransferComplete': {
      const fault = child(rpc, 'FaultStruct');
      return {
        method: rpc.local,
        commandKey: textOf(rpc, 'CommandKey'),
        faultCode: numberOf(fault, 'FaultCode'),
        faultString: textOf(fault, 'FaultString'),
      };
    }
    case 'GetRPCMethods':
      return { method: 'GetRPCMethods' };
    default:
      return { method: 'Unknown', name: rpc.local };
  }
}

/** The gateway's answer to an ACS request, or undefined when `rpc` is not one. */
function cpeResponseOf(rpc: XmlElement): CpeResponse | undefined {
  switch (rpc.local) {
    case 'GetParameterNamesResponse':
      return {
        method: rpc.local,
        parameters: itemsOf(rpc, 'ParameterList').map((info) => ({
          name: textOf(info, 'Name'),
          writable: booleanOf(info, 'Writable'),
        })),
      };
    case 'GetParameterValuesResponse':
      return { method: rpc.local, parameters: parameterValuesOf(itemsOf(rpc, 'ParameterList')) };
    case 'SetParameterValuesResponse':
    case 'DeleteObjectResponse':
      return { method: rpc.local, status: numberOf(rpc, 'Status') };
    case 'AddObjectResponse':
      return {
        method: rpc.local,
        instanceNumber: numberOf(rpc, 'InstanceNumber'),
        status: numberOf(rpc, 'Status'),
      };
    case 'RebootResponse':
      return { method: rpc.local };
    case 'GetRPCMethodsResponse':
      return {
        method: rpc.local,
        methods: itemsOf(rpc, 'MethodList').map((method) => method.text.trim()),
      };
    default:
      return undefined;
  }
}

/** What a gateway's envelope says: one request, one answer, or nothing (an empty Body). */
export type CpeMessage =
  | { kind: 'request'; request: CpeRequest }
  | { kind: 'response'; response: CpeResponse }
  | { kind: 'empty' };

export interface CpeEnvelope {
  /** The header's `cwmp:ID`, echoed in the answer to a request; null when absent. */
  id: string | null;
  /** The header's `cwmp:HoldRequests`: the ACS must not send requests until it is lifted. */
  holdRequests: boolean;
  /** 0 to 4: the minor version of the CWMP namespace the envelope used. */
  cwmpMinor: number;
  message: CpeMessage;
}

/** The minor version a CWMP namespace names, or undefined when `uri` is not one. */
function cwmpMinorOf(uri: string): number | undefined {
  const match = /^urn:dslforum-org:cwmp-1-(\d)$/.exec(uri);
  return match ? Math.min(Number(match[1]), newestCwmpMinor) : undefined;
}

/** Reads a gateway's SOAP envelope; throws SoapError when it is not one. */
export function readEnvelope(xml: string): CpeEnvelope {
  const envelope = readTree(xml);
  if (envelope.local !== 'Envelope' || envelope.uri !== soapEnvelopeUri) {
    throw new SoapError('The body is not a SOAP 1.1 envelope.');
  }
  const header = child(envelope, 'Header');
  const body = child(envelope, 'Body');
  if (!body) throw new SoapError('The SOAP envelope has no Body.');
  const idElement = child(header, 'ID');
  const [rpc] = body.children;
  const minor = [rpc, idElement, ...(header?.children ?? [])]
    .map((element) => (element ? cwmpMinorOf(element.uri) : undefined))
    .find((found) => found !== undefined);
  const read = {
    id: idElement ? idElement.text.trim() : null,
    holdRequests: booleanOf(header, 'HoldRequests'),
    cwmpMinor: minor ?? 0,
  };
  if (!rpc) return { ...read, message: { kind: 'empty' } };
  if (rpc.local === 'Fault' && rpc.uri === soapEnvelopeUri) {
    const fault = child(child(rpc, 'detail'), 'Fault');
    if (!fault) throw new SoapError('The SOAP Fault carries no CWMP Fault in its detail.');
    return {
      ...read,
      message: { kind: 'response', response: { method: 'Fault', ...faultOf(fault) } },
    };
  }
  const response = cpeResponseOf(rpc);
  return response
    ? { ...read, message: { kind: 'response', response } }
    : { ...read, message: { kind: 'request', request: cpeRequestOf(rpc) } };
}

// ------------------------------------------------------------------------------------------
// Writing

const xmlEscapes: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => xmlEscapes[character] ?? character);
}

/** What the ACS sends: an answer to the gateway's request, one of its own, or a fault. */
export type AcsMessage =
  | { kind: 'InformResponse' }
  | { kind: 'TransferCompleteResponse' }
  | { kind: 'AutonomousTransferCompleteResponse' }
  | { kind: 'GetRPCMethodsResponse'; methods: readonly string[] }
  | { kind: 'request'; request: AcsRequest }
  | { kind: 'fault'; fault: AcsFaultCode; detail?: string };

/** TR-069 Table 59: the ACS's fault codes, with the SOAP faultcode each goes with. */
export const acsFaults = {
  8000: { text: 'Method not supported', soap: 'Server' },
  8001: { text: 'Request denied', soap: 'Server' },
  8002: { text: 'Internal error', soap: 'Server' },
  8003: { text: 'Invalid arguments', soap: 'Client' },
  8004: { text: 'Resources exceeded', soap: 'Server' },
  8005: { text: 'Retry request', soap: 'Server' },
} as const;
export type AcsFaultCode = keyof typeof acsFaults;

/** The RPCs the ACS answers when a gateway asks (GetRPCMethods). */
export const acsMethods = [
  'Inform',
  'GetRPCMethods',
  'TransferComplete',
  'AutonomousTransferComplete',
] as const;

const stringArray = (tag: string, items: readonly string[]): string =>
  `<${tag} soapenc:arrayType="xsd:string[${items.length}]">` +
  items.map((item) => `<string>${escapeXml(item)}</string>`).join('') +
  `</${tag}>`;

function parameterList(values: readonly CwmpValue[]): string {
  return (
    `<ParameterList soapenc:arrayType="cwmp:ParameterValueStruct[${values.length}]">` +
    values
      .map(
        (value) =>
          `<ParameterValueStruct><Name>${escapeXml(value.name)}</Name>` +
          `<Value xsi:type="${escapeXml(value.type)}">${escapeXml(value.value)}</Value>` +
          '</ParameterValueStruct>',
      )
      .join('') +
    '</ParameterList>'
  );
}

function requestBody(request: AcsRequest): string {
  const rpc = (inner: string): string =>
    `<cwmp:${request.method}>${inner}</cwmp:${request.method}>`;
  switch (request.method) {
    case 'GetParameterNames':
      return rpc(
        `<ParameterPath>${escapeXml(request.parameterPath)}</ParameterPath>` +
          `<NextLevel>${request.nextLevel ? 'true' : 'false'}</NextLevel>`,
      );
    case 'GetParameterValues':
      return rpc(stringArray('ParameterNames', request.parameterNames));
    case 'SetParameterValues':
      return rpc(
        parameterList(request.parameterList) +
          `<ParameterKey>${escapeXml(request.parameterKey)}</ParameterKey>`,
      );
    case 'AddObject':
    case 'DeleteObject':
      return rpc(
        `<ObjectName>${escapeXml(request.objectName)}</ObjectName>` +
          `<ParameterKey>${escapeXml(request.parameterKey)}</ParameterKey>`,
      );
    case 'Reboot':
      return rpc(`<CommandKey>${escapeXml(request.commandKey)}</CommandKey>`);
    case 'GetRPCMethods':
      return rpc('');
  }
}

function messageBody(message: AcsMessage): string {
  switch (message.kind) {
    case 'InformResponse':
      return '<cwmp:InformResponse><MaxEnvelopes>1</MaxEnvelopes></cwmp:InformResponse>';
    case 'TransferCompleteResponse':
    case 'AutonomousTransferCompleteResponse':
      return `<cwmp:${message.kind}/>`;
    case 'GetRPCMethodsResponse':
      return `<cwmp:GetRPCMethodsResponse>${stringArray('MethodList', message.methods)}</cwmp:GetRPCMethodsResponse>`;
    case 'request':
      return requestBody(message.request);
    case 'fault': {
      const { text, soap } = acsFaults[message.fault];
      return (
        `<soapenv:Fault><faultcode>${soap}</faultcode><faultstring>CWMP fault</faultstring>` +
        `<detail><cwmp:Fault><FaultCode>${message.fault}</FaultCode>` +
        `<FaultString>${escapeXml(message.detail ?? text)}</FaultString></cwmp:Fault></detail>` +
        '</soapenv:Fault>'
      );
    }
  }
}

/**
 * The ACS's envelope in CWMP 1.`cwmpMinor`'s namespace. `id` is the header's `cwmp:ID`: the
 * gateway's own for an answer to its request (none when it sent none), the ACS's for a request.
 */
export function writeEnvelope(message: AcsMessage, cwmpMinor: number, id: string | null): string {
  const header =
    id === null
      ? ''
      : `<soapenv:Header><cwmp:ID soapenv:mustUnderstand="1">${escapeXml(id)}</cwmp:ID></soapenv:Header>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<soapenv:Envelope xmlns:soapenv="${soapEnvelopeUri}" xmlns:soapenc="${soapEncodingUri}" ` +
    `xmlns:xsd="${xsdUri}" xmlns:xsi="${xsiUri}" xmlns:cwmp="${cwmpNamespace(cwmpMinor)}">` +
    `${header}<soapenv:Body>${messageBody(message)}</soapenv:Body></soapenv:Envelope>`
  );
}

/** The HTTP status an ACS envelope goes with: 500 for a SOAP fault (SOAP 1.1 section 6.2). */
export function statusOf(message: AcsMessage): 200 | 500 {
  return message.kind === 'fault' ? 500 : 200;
}
