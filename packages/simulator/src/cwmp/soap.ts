import { SaxesParser } from 'saxes';

/**
 * The SOAP envelopes of a CWMP session as a CPE reads and writes them (TR-069 Amendment 6,
 * section 3.5 and Annex A; CWMP 1.0 to 1.4). Written from the standard, not from the ACS's code:
 * the simulator and the server meet at the protocol only.
 */

const soapEnvelopeNamespace = 'http://schemas.xmlsoap.org/soap/envelope/';
const soapEncodingNamespace = 'http://schemas.xmlsoap.org/soap/encoding/';
const cwmpNamespacePattern = /^urn:dslforum-org:cwmp-1-[0-4]$/;

/** CWMP 1.0 to 1.4: `urn:dslforum-org:cwmp-1-{minor}`. */
export type CwmpVersion = 0 | 1 | 2 | 3 | 4;

export function cwmpNamespace(version: CwmpVersion): string {
  return `urn:dslforum-org:cwmp-1-${version}`;
}

/** One ParameterValueStruct: the value as text, and its XML Schema type (`xsd:unsignedInt`). */
export interface CwmpValue {
  name: string;
  value: string;
  type: string;
}

export interface InformEvent {
  eventCode: string;
  commandKey: string;
}

export interface SetParameterValuesFault {
  parameterName: string;
  faultCode: number;
  faultString: string;
}

/** A CWMP fault (TR-069 Table 60 for a CPE's 9xxx codes, Table 59 for an ACS's 8xxx). */
export interface CwmpFault {
  faultCode: number;
  faultString: string;
  setParameterValuesFaults?: SetParameterValuesFault[];
}

/** What an ACS asks of the CPE. */
export type AcsRequest =
  | { method: 'GetRPCMethods' }
  | { method: 'GetParameterNames'; parameterPath: string; nextLevel: boolean }
  | { method: 'GetParameterValues'; parameterNames: string[] }
  | { method: 'SetParameterValues'; parameterList: CwmpValue[]; parameterKey: string }
  | { method: 'AddObject'; objectName: string; parameterKey: string }
  | { method: 'DeleteObject'; objectName: string; parameterKey: string }
  | { method: 'Reboot'; commandKey: string }
  /** A method this CPE does not offer: answered with fault 9000. */
  | { method: 'Unknown'; name: string }
  /** A known method whose arguments cannot be read: answered with fault 9003. */
  | { method: 'Invalid'; name: string; reason: string };

/** What an ACS's envelope carries, as the CPE reads it. */
export type AcsMessage =
  | { kind: 'InformResponse'; maxEnvelopes: number }
  | { kind: 'request'; request: AcsRequest }
  /** The ACS refused the CPE's request (8xxx), or answered with a SOAP fault. */
  | { kind: 'fault'; fault: CwmpFault }
  /** The response to another request of the CPE's own (GetRPCMethods, TransferComplete…). */
  | { kind: 'response'; method: string };

export interface AcsEnvelope {
  /** The `cwmp:ID` header, echoed in the answer. */
  id: string | null;
  /** `cwmp:HoldRequests` true: the CPE sends no request of its own until it is lifted. */
  holdRequests: boolean;
  /** The CWMP namespace the ACS wrote in. */
  namespace: string;
  message: AcsMessage;
}

/** What the CPE answers an ACS's request with. */
export type CpeResponse =
  | { method: 'GetRPCMethodsResponse'; methods: readonly string[] }
  | { method: 'GetParameterNamesResponse'; parameters: { name: string; writable: boolean }[] }
  | { method: 'GetParameterValuesResponse'; parameters: CwmpValue[] }
  | { method: 'SetParameterValuesResponse'; status: 0 | 1 }
  | { method: 'AddObjectResponse'; instanceNumber: number; status: 0 | 1 }
  | { method: 'DeleteObjectResponse'; status: 0 | 1 }
  | { method: 'RebootResponse' }
  | ({ method: 'Fault' } & CwmpFault);

export interface InformRequest {
  deviceId: { manufacturer: string; oui: string; productClass: string; serialNumber: string };
  events: readonly InformEvent[];
  maxEnvelopes: number;
  /** The CPE's clock, `xsd:dateTime`. */
  currentTime: string;
  retryCount: number;
  parameters: readonly CwmpValue[];
}

/** An envelope the CPE could not read: too deep, not XML, not SOAP. */
export class SoapReadError extends Error {}

/** Deeper than any CWMP envelope nests (an Inform's deepest value is at 6). */
const maxDepth = 32;

interface XmlElement {
  local: string;
  uri: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  text: string;
}

/** Reads XML into elements, refusing DOCTYPEs (so no entity of any kind) and deep nesting. */
function readXml(xml: string): XmlElement {
  const parser = new SaxesParser({ xmlns: true, position: false });
  const stack: XmlElement[] = [];
  let root: XmlElement | null = null;
  parser.on('doctype', () => {
    throw new SoapReadError('A DOCTYPE is not allowed in a SOAP envelope.');
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= maxDepth) {
      throw new SoapReadError(`The envelope nests deeper than ${maxDepth} elements.`);
    }
    const attributes = new Map<string, string>();
    for (const attribute of Object.values(tag.attributes)) {
      attributes.set(attribute.local, attribute.value);
    }
    const element: XmlElement = {
      local: tag.local,
      uri: tag.uri,
      attributes,
      children: [],
      text: '',
    };
    stack.at(-1)?.children.push(element);
    root ??= element;
    stack.push(element);
  });
  parser.on('text', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('cdata', (text) => {
    const current = stack.at(-1);
    if (current) current.text += text;
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof SoapReadError) throw error;
    throw new SoapReadError(`Not well-formed XML: ${(error as Error).message}`);
  }
  if (!root) throw new SoapReadError('The body holds no XML element.');
  return root;
}

function child(element: XmlElement | undefined, local: string): XmlElement | undefined {
  return element?.children.find((candidate) => candidate.local === local);
}

function textOf(element: XmlElement | undefined, local: string): string {
  return child(element, local)?.text.trim() ?? '';
}

/** An argument that must be there, with a clear reason when it is not. */
function required(element: XmlElement, local: string): string {
  const found = child(element, local);
  if (!found) throw new InvalidArguments(`${element.local} has no ${local}.`);
  return found.text.trim();
}

class InvalidArguments extends Error {}

/** TR-069 booleans are xsd:boolean: `true`, `false`, `1` or `0`. */
function readBoolean(text: string, what: string): boolean {
  if (text === 'true' || text === '1') return true;
  if (text === 'false' || text === '0') return false;
  throw new InvalidArguments(`${what} must be a boolean, not "${text}".`);
}

/** Reads what an ACS sent: an InformResponse, a request, a fault. */
export function readAcsEnvelope(xml: string): AcsEnvelope {
  const envelope = readXml(xml);
  if (envelope.local !== 'Envelope' || envelope.uri !== soapEnvelopeNamespace) {
    throw new SoapReadError('The body is not a SOAP 1.1 envelope.');
  }
  const header = child(envelope, 'Header');
  const body = child(envelope, 'Body');
  const content = body?.children[0];
  if (!content) throw new SoapReadError('The SOAP envelope has an empty Body.');
  const idElement = child(header, 'ID');
  const hold = child(header, 'HoldRequests');
  const namespace = [content.uri, idElement?.uri ?? ''].find((uri) =>
    cwmpNamespacePattern.test(uri),
  );
  return {
    id: idElement ? idElement.text.trim() : null,
    holdRequests: hold ? readBoolean(hold.text.trim(), 'HoldRequests') : false,
    namespace: namespace ?? cwmpNamespace(0),
    message: readMessage(content),
  };
}

function readMessage(content: XmlElement): AcsMessage {
  if (content.local === 'Fault' && content.uri === soapEnvelopeNamespace) {
    const fault = child(child(content, 'detail'), 'Fault');
    return {
      kind: 'fault',
      fault: {
        faultCode: Number(textOf(fault, 'FaultCode')) || 0,
        faultString: textOf(fault, 'FaultString') || textOf(content, 'faultstring'),
      },
    };
  }
  if (!cwmpNamespacePattern.test(content.uri)) {
    return {
      kind: 'request',
      request: { method: 'Unknown', name: `{${content.uri}}${content.local}` },
    };
  }
  if (content.local === 'InformResponse') {
    return { kind: 'InformResponse', maxEnvelopes: Number(textOf(content, 'MaxEnvelopes')) || 1 };
  }
  if (content.local.endsWith('Response')) return { kind: 'response', method: content.local };
  try {
    return { kind: 'request', request: readRequest(content) };
  } catch (error) {
    if (!(error instanceof InvalidArguments)) throw error;
    return {
      kind: 'request',
      request: { method: 'Invalid', name: content.local, reason: error.message },
    };
  }
}

function readRequest(content: XmlElement): AcsRequest {
  switch (content.local) {
    case 'GetRPCMethods':
      return { method: 'GetRPCMethods' };
    case 'GetParameterNames':
      return {
        method: 'GetParameterNames',
        parameterPath: required(content, 'ParameterPath'),
        nextLevel: readBoolean(required(content, 'NextLevel'), 'NextLevel'),
      };
    case 'GetParameterValues':
      return {
        method: 'GetParameterValues',
        parameterNames: arrayOf(content, 'ParameterNames').map((name) => name.text.trim()),
      };
    case 'SetParameterValues':
      return {
        method: 'SetParameterValues',
        parameterList: arrayOf(content, 'ParameterList').map((struct) => {
          const value = child(struct, 'Value');
          if (!value) throw new InvalidArguments('A ParameterValueStruct has no Value.');
          return {
            name: required(struct, 'Name'),
            // A value's spaces are its own: only the name is trimmed.
            value: value.text,
            type: value.attributes.get('type') ?? 'xsd:string',
          };
        }),
        parameterKey: textOf(content, 'ParameterKey'),
      };
    case 'AddObject':
    case 'DeleteObject':
      return {
        method: content.local,
        objectName: required(content, 'ObjectName'),
        parameterKey: textOf(content, 'ParameterKey'),
      };
    case 'Reboot':
      return { method: 'Reboot', commandKey: textOf(content, 'CommandKey') };
    default:
      return { method: 'Unknown', name: content.local };
  }
}

function arrayOf(content: XmlElement, local: string): XmlElement[] {
  const array = child(content, local);
  if (!array) throw new InvalidArguments(`${content.local} has no ${local}.`);
  return array.children;
}

function escapeXml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}

function element(name: string, content: string | number): string {
  return `<${name}>${typeof content === 'number' ? content : escapeXml(content)}</${name}>`;
}

function envelope(namespace: string, id: string | null, body: string): string {
  const header =
    id === null
      ? ''
      : `<soap-env:Header><cwmp:ID soap-env:mustUnderstand="1">${escapeXml(id)}</cwmp:ID></soap-env:Header>`;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<soap-env:Envelope xmlns:soap-env="${soapEnvelopeNamespace}" xmlns:soap-enc="${soapEncodingNamespace}"` +
    ` xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"` +
    ` xmlns:cwmp="${namespace}">${header}<soap-env:Body>${body}</soap-env:Body></soap-env:Envelope>`
  );
}

function valueStructs(parameters: readonly CwmpValue[]): string {
  const structs = parameters
    .map(
      ({ name, value, type }) =>
        `<ParameterValueStruct>${element('Name', name)}<Value xsi:type="${escapeXml(type)}">${escapeXml(value)}</Value></ParameterValueStruct>`,
    )
    .join('');
  return `<ParameterList soap-enc:arrayType="cwmp:ParameterValueStruct[${parameters.length}]">${structs}</ParameterList>`;
}

export function writeInform(namespace: string, id: string, inform: InformRequest): string {
  const { deviceId } = inform;
  const events = inform.events
    .map(
      (event) =>
        `<EventStruct>${element('EventCode', event.eventCode)}${element('CommandKey', event.commandKey)}</EventStruct>`,
    )
    .join('');
  return envelope(
    namespace,
    id,
    '<cwmp:Inform>' +
      `<DeviceId>${element('Manufacturer', deviceId.manufacturer)}${element('OUI', deviceId.oui)}` +
      `${element('ProductClass', deviceId.productClass)}${element('SerialNumber', deviceId.serialNumber)}</DeviceId>` +
      `<Event soap-enc:arrayType="cwmp:EventStruct[${inform.events.length}]">${events}</Event>` +
      element('MaxEnvelopes', inform.maxEnvelopes) +
      element('CurrentTime', inform.currentTime) +
      element('RetryCount', inform.retryCount) +
      valueStructs(inform.parameters) +
      '</cwmp:Inform>',
  );
}

/** TR-069 Table 60: faults a CPE raises, and whose side of the exchange they blame. */
const serverFaults = new Set([9000, 9001, 9002, 9004]);

export function writeCpeResponse(
  namespace: string,
  id: string | null,
  response: CpeResponse,
): string {
  return envelope(namespace, id, responseBody(response));
}

function responseBody(response: CpeResponse): string {
  switch (response.method) {
    case 'GetRPCMethodsResponse':
      return (
        `<cwmp:GetRPCMethodsResponse><MethodList soap-enc:arrayType="xsd:string[${response.methods.length}]">` +
        response.methods.map((method) => element('string', method)).join('') +
        '</MethodList></cwmp:GetRPCMethodsResponse>'
      );
    case 'GetParameterNamesResponse':
      return (
        `<cwmp:GetParameterNamesResponse><ParameterList soap-enc:arrayType="cwmp:ParameterInfoStruct[${response.parameters.length}]">` +
        response.parameters
          .map(
            ({ name, writable }) =>
              `<ParameterInfoStruct>${element('Name', name)}${element('Writable', writable ? 1 : 0)}</ParameterInfoStruct>`,
          )
          .join('') +
        '</ParameterList></cwmp:GetParameterNamesResponse>'
      );
    case 'GetParameterValuesResponse':
      return `<cwmp:GetParameterValuesResponse>${valueStructs(response.parameters)}</cwmp:GetParameterValuesResponse>`;
    case 'SetParameterValuesResponse':
      return `<cwmp:SetParameterValuesResponse>${element('Status', response.status)}</cwmp:SetParameterValuesResponse>`;
    case 'AddObjectResponse':
      return `<cwmp:AddObjectResponse>${element('InstanceNumber', response.instanceNumber)}${element('Status', response.status)}</cwmp:AddObjectResponse>`;
    case 'DeleteObjectResponse':
      return `<cwmp:DeleteObjectResponse>${element('Status', response.status)}</cwmp:DeleteObjectResponse>`;
    case 'RebootResponse':
      return '<cwmp:RebootResponse/>';
    case 'Fault': {
      const details = (response.setParameterValuesFaults ?? [])
        .map(
          (refused) =>
            `<SetParameterValuesFault>${element('ParameterName', refused.parameterName)}` +
            `${element('FaultCode', refused.faultCode)}${element('FaultString', refused.faultString)}</SetParameterValuesFault>`,
        )
        .join('');
      return (
        `<soap-env:Fault>${element('faultcode', serverFaults.has(response.faultCode) ? 'Server' : 'Client')}` +
        `${element('faultstring', 'CWMP fault')}<detail><cwmp:Fault>` +
        `${element('FaultCode', response.faultCode)}${element('FaultString', response.faultString)}${details}` +
        '</cwmp:Fault></detail></soap-env:Fault>'
      );
    }
  }
}
